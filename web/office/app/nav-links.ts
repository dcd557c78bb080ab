import type { OfficeRole } from '../../../contracts/office/staff';
import { officePages } from '../../../contracts/pages';

/** The office's sections (office-spec section 2), in menu order, with their label key in the common namespace. */
export const navLinks: readonly { to: string; key: string; end: boolean; role?: OfficeRole }[] = [
  { to: officePages.inbox.href(), key: 'nav.inbox', end: true },
  { to: officePages.customers.href(), key: 'nav.customers', end: false },
  { to: officePages.quotes.href(), key: 'nav.quotes', end: false },
  { to: officePages.workOrders.href(), key: 'nav.workOrders', end: false },
  { to: officePages.staff.href(), key: 'nav.staff', end: false, role: 'owner' },
  { to: officePages.audit.href(), key: 'nav.audit', end: false },
];

/** The links an account sees: Staff only for owners. */
export const navLinksFor = (role: OfficeRole | undefined) => navLinks.filter((link) => !link.role || link.role === role);

/** The menu entry for a path (exact for the Inbox, by prefix for the others). */
export const navLinkFor = (pathname: string) =>
  navLinks.find((link) => (link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`)));
