import type { OfficeRole } from '../../../contracts/office/staff';
import { paths } from '../lib/paths';

/** The office's sections (office-spec section 2), in menu order, with their label key in the common namespace. */
export const navLinks: readonly { to: string; key: string; end: boolean; role?: OfficeRole }[] = [
  { to: paths.inbox, key: 'nav.inbox', end: true },
  { to: paths.customers, key: 'nav.customers', end: false },
  { to: paths.quotes, key: 'nav.quotes', end: false },
  { to: paths.workOrders, key: 'nav.workOrders', end: false },
  { to: paths.staff, key: 'nav.staff', end: false, role: 'owner' },
  { to: paths.audit, key: 'nav.audit', end: false },
];

/** The links an account sees: Staff only for owners. */
export const navLinksFor = (role: OfficeRole | undefined) => navLinks.filter((link) => !link.role || link.role === role);

/** The menu entry for a path (exact for the Inbox, by prefix for the others). */
export const navLinkFor = (pathname: string) =>
  navLinks.find((link) => (link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`)));
