import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../features/auth/session';
import { useLogout } from '../features/auth/use-logout';
import { currentLanguage, setLanguage } from '../i18n';
import { paths } from '../lib/paths';
import { usePublicConfig } from '../lib/public-config';

const links = [
  { to: paths.dashboard, key: 'nav.dashboard', end: true },
  { to: paths.quotes, key: 'nav.quotes', end: false },
  { to: paths.workOrders, key: 'nav.workOrders', end: false },
  { to: paths.submitWorkOrder, key: 'nav.submitWorkOrder', end: false },
  { to: paths.settings, key: 'nav.settings', end: false },
] as const;

/** Brand, who is signed in, the five links, language toggle and logout. A menu on phones. */
export function Sidebar() {
  const { t } = useTranslation();
  const session = useSession();
  const config = usePublicConfig();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <aside className="sidebar" data-open={open}>
      <div className="sidebar-top">
        <p className="brand">{config.data?.company.name ?? '\u00a0'}</p>
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="sidebar-panel"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </div>
      <div id="sidebar-panel" className="sidebar-panel">
        <p className="logged-in-as">
          {t('loggedInAs')} <strong>{session.data?.email}</strong>
        </p>
        <nav aria-label={t('nav.main')}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-actions">
          <button
            type="button"
            className="button secondary"
            lang={currentLanguage() === 'en' ? 'es' : 'en'}
            onClick={() => void setLanguage(currentLanguage() === 'en' ? 'es' : 'en')}
          >
            {t('languageToggle')}
          </button>
          <button type="button" className="button secondary" onClick={() => void logout()}>
            {t('logout')}
          </button>
        </div>
      </div>
    </aside>
  );
}
