import { paths } from '../lib/paths';

/** The signed-in screens, in menu order, with their label key in the common namespace. */
export const navLinks = [
  { to: paths.dashboard, key: 'nav.dashboard', end: true },
  { to: paths.quotes, key: 'nav.quotes', end: false },
  { to: paths.workOrders, key: 'nav.workOrders', end: false },
  { to: paths.submitWorkOrder, key: 'nav.submitWorkOrder', end: false },
  { to: paths.profile, key: 'nav.profile', end: false },
] as const;

/** The menu entry for a path (exact for the dashboard, by prefix for the others). */
export const navLinkFor = (pathname: string) =>
  navLinks.find((link) => (link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`)));
