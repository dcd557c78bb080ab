import { customerPages } from '../../../contracts/pages';
import type { NavItem } from '../../shared/layout/nav-links';

/** The signed-in screens, in menu order, with their label key in the common namespace. */
export const navLinks: readonly NavItem[] = [
  { to: customerPages.dashboard.href(), key: 'nav.dashboard', end: true },
  { to: customerPages.quotes.href(), key: 'nav.quotes', end: false },
  { to: customerPages.workOrders.href(), key: 'nav.workOrders', end: false },
  { to: customerPages.invoices.href(), key: 'nav.invoices', end: false },
  { to: customerPages.submitWorkOrder.href(), key: 'nav.submitWorkOrder', end: false },
  { to: customerPages.profile.href(), key: 'nav.profile', end: false },
];
