import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useOfficeMe } from '../lib/office-me';
import { useSignOut } from '../features/auth/use-sign-out';
import { currentLanguage, setLanguage } from '../i18n';
import { usePublicConfig } from '../../shared/lib/public-config';
import { navLinksFor } from './nav-links';

/**
 * Brand, who is signed in (name and role), the office's sections, language toggle and sign-out. A menu
 * on phones: opening it moves focus to its first link; Escape closes it and puts focus back on Menu.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const me = useOfficeMe();
  const config = usePublicConfig();
  const signOut = useSignOut();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Escape') return;
    event.preventDefault();
    setOpen(false);
    menuButton.current?.focus();
  };

  return (
    <aside className="sidebar" data-open={open} onKeyDown={closeOnEscape}>
      <div className="sidebar-top">
        <p className="brand">
          {config.data?.company.name ?? '\u00a0'}
          <span className="brand-office">{t('office')}</span>
        </p>
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="sidebar-panel"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </div>
      <div id="sidebar-panel" ref={panel} className="sidebar-panel">
        {me.data && (
          <p className="signed-in-as">
            {t('signedInAs')} <strong>{me.data.name}</strong>
            <span className="signed-in-role">{t(`roles.${me.data.role}`)}</span>
          </p>
        )}
        <nav aria-label={t('nav.main')}>
          <ul>
            {navLinksFor(me.data?.role).map((link) => (
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
          <button type="button" className="button secondary" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </div>
      </div>
    </aside>
  );
}
