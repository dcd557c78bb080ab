import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { LanguageToggle } from '../i18n/LanguageToggle';
import type { NavItem } from './nav-links';

export interface SidebarProps {
  /** The company's mark at the top (beside the phone's Menu button). */
  brand: ReactNode;
  /** Who is signed in. */
  account: ReactNode;
  links: readonly NavItem[];
  signOut: { label: string; onClick: () => void };
  /** Below the actions (the portal's contact card). */
  footer?: ReactNode;
}

/**
 * Both apps' sidebar: brand, who is signed in, the screens, language toggle and sign-out. A menu on
 * phones: opening it moves focus to its first link; Escape closes it and puts focus back on the Menu
 * button; moving to another screen closes it.
 */
export function Sidebar({ brand, account, links, signOut, footer }: SidebarProps) {
  const { t } = useTranslation();
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
        {brand}
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
        {account}
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
          <LanguageToggle />
          <button type="button" className="button secondary" onClick={signOut.onClick}>
            {signOut.label}
          </button>
        </div>
        {footer}
      </div>
    </aside>
  );
}
