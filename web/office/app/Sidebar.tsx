import { useTranslation } from 'react-i18next';
import { Sidebar as SidebarShell } from '../../shared/layout/Sidebar';
import { usePublicConfig } from '../../shared/lib/public-config';
import { useSignOut } from '../features/auth/use-sign-out';
import { useOfficeMe } from '../lib/office-me';
import { navLinksFor } from './nav-links';

/** The office's sidebar (web/shared/layout/Sidebar.tsx): company and "Office", who is signed in (name and role), the sections their role sees. */
export function Sidebar() {
  const { t } = useTranslation();
  const me = useOfficeMe();
  const config = usePublicConfig();
  const signOut = useSignOut();
  return (
    <SidebarShell
      brand={
        <p className="brand">
          {config.data?.company.name ?? '\u00a0'}
          <span className="brand-office">{t('office')}</span>
        </p>
      }
      account={
        me.data && (
          <p className="signed-in-as">
            {t('signedInAs')} <strong>{me.data.name}</strong>
            <span className="signed-in-role">{t(`roles.${me.data.role}`)}</span>
          </p>
        )
      }
      links={navLinksFor(me.data?.role)}
      signOut={{ label: t('signOut'), onClick: () => void signOut() }}
    />
  );
}
