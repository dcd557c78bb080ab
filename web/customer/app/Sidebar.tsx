import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../features/auth/session';
import { useLogout } from '../features/auth/use-logout';
import { ContactCard } from '../components/ContactCard';
import { EmailAddress } from '../components/EmailAddress';
import { LanguageToggle } from '../components/LanguageToggle';
import { usePublicConfig } from '../../shared/lib/public-config';
import { BrandMark } from './BrandMark';
import { navLinks } from './nav-links';
import { customerPages } from '../../../contracts/pages';

/**
 * Brand (logo and name), who is signed in, the five links, language toggle, logout and how to reach
 * the company. A menu on phones: opening it moves focus to its first link; Escape closes it and puts
 * focus back on the Menu button.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const session = useSession();
  const config = usePublicConfig();
  const logout = useLogout();
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
        <BrandMark company={config.data?.company} />
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
        <p className="logged-in-as">
          {t('loggedInAs')}{' '}
          {/* Wraps only after its '@', never mid-word (a part wider than the line alone ends in an ellipsis; the tooltip has it all). */}
          <strong className="signed-in-email">{session.data?.email && <EmailAddress email={session.data.email} />}</strong>
        </p>
        <nav aria-label={t('nav.main')}>
          <ul>
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-actions">
          <LanguageToggle />
          <button type="button" className="button secondary" onClick={() => void logout()}>
            {t('logout')}
          </button>
        </div>
        {/* The dashboard has its own 'Contact us' card: once per screen. */}
        {location.pathname !== customerPages.dashboard.href() && <ContactCard variant="menu" />}
      </div>
    </aside>
  );
}
