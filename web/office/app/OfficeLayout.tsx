import { SignedInFrame } from '../../shared/layout/SignedInFrame';
import { navLinks } from './nav-links';
import { Sidebar } from './Sidebar';

/** The signed-in office (web/shared/layout/SignedInFrame.tsx): the office's sidebar (a menu on a phone) and the screen. */
export function OfficeLayout() {
  return <SignedInFrame sidebar={<Sidebar />} links={navLinks} />;
}
