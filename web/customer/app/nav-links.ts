import { customerPages } from '../../../contracts/pages';

/** The signed-in screens, in menu order, with their label key in the common namespace. */
export const navLinks = [
  { to: customerPages.dashboard.href(), key: 'nav.dashboard', end: true },
  { to: customerPages.quotes.href(), key: 'nav.quotes', end: false },
  { to: customerPages.workOrders.href(), key: 'nav.workOrders', end: false },
  { to: customerPages.submitWorkOrder.href(), key: 'nav.submitWorkOrder', end: false },
  { to: customerPages.profile.href(), key: 'nav.profile', end: false },
] as const;

/** The menu entry for a path (exact for the dashboard, by prefix for the others). */
export const navLinkFor = (pathname: string) =>
  navLinks.find((link) => (link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`)));
