import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFocusOnNavigation } from '../lib/use-focus-on-navigation';
import { navLinkFor, type NavItem } from './nav-links';

export interface SignedInFrameProps {
  /** The app's sidebar (web/shared/layout/Sidebar.tsx with the app's brand and links). */
  sidebar: ReactNode;
  /** The menu's entries: the tab's title is the entry of the screen shown. */
  links: readonly NavItem[];
  /** A page shown outside the signed-in routes (a signed-in customer's 404) and its title; else the route's screen. */
  children?: ReactNode;
  title?: string;
}

/** Both apps' signed-in frame: skip link, sidebar (or the phone's header and menu) and the screen. */
export function SignedInFrame({ sidebar, links, children, title }: SignedInFrameProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const link = navLinkFor(links, pathname);
  useDocumentTitle(title ?? (link ? t(link.key) : undefined));
  useFocusOnNavigation(main);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {sidebar}
      <main id="main" ref={main} className="content" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
