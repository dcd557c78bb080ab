import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { customerPages } from '../../../contracts/pages';
import { Sidebar as SidebarShell } from '../../shared/layout/Sidebar';
import { usePublicConfig } from '../../shared/lib/public-config';
import { ContactCard } from '../components/ContactCard';
import { EmailAddress } from '../components/EmailAddress';
import { useSession } from '../features/auth/session';
import { useLogout } from '../features/auth/use-logout';
import { BrandMark } from './BrandMark';
import { navLinks } from './nav-links';

/** The portal's sidebar (web/shared/layout/Sidebar.tsx): logo and name, the signed-in e-mail, the five links, and how to reach the company. */
export function Sidebar() {
  const { t } = useTranslation();
  const session = useSession();
  const config = usePublicConfig();
  const logout = useLogout();
  const { pathname } = useLocation();
  return (
    <SidebarShell
      brand={<BrandMark company={config.data?.company} />}
      account={
        <p className="logged-in-as">
          {t('loggedInAs')}{' '}
          {/* Wraps only after its '@', never mid-word (a part wider than the line alone ends in an ellipsis; the tooltip has it all). */}
          <strong className="signed-in-email">{session.data?.email && <EmailAddress email={session.data.email} />}</strong>
        </p>
      }
      links={navLinks}
      signOut={{ label: t('logout'), onClick: () => void logout() }}
      // The dashboard has its own 'Contact us' card: once per screen.
      footer={pathname !== customerPages.dashboard.href() && <ContactCard variant="menu" />}
    />
  );
}
