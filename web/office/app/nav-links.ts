import type { OfficeRole } from '../../../contracts/office/me';
import type { NavItem } from '../../shared/layout/nav-links';
import { officePages } from '../../../contracts/pages';

/** The office's sections (office-spec section 2), in menu order, with their label key in the common namespace. */
export const navLinks: readonly (NavItem & { role?: OfficeRole })[] = [
  { to: officePages.inbox.href(), key: 'nav.inbox', end: true },
  { to: officePages.customers.href(), key: 'nav.customers', end: false },
  { to: officePages.quotes.href(), key: 'nav.quotes', end: false },
  { to: officePages.workOrders.href(), key: 'nav.workOrders', end: false },
  { to: officePages.invoices.href(), key: 'nav.invoices', end: false },
  { to: officePages.staff.href(), key: 'nav.staff', end: false, role: 'owner' },
  { to: officePages.audit.href(), key: 'nav.audit', end: false },
];

/** The links an account sees: Staff only for owners. */
export const navLinksFor = (role: OfficeRole | undefined) => navLinks.filter((link) => !link.role || link.role === role);
