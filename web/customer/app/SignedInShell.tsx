import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { navLinkFor } from './nav-links';
import { Sidebar } from './Sidebar';
import { useFocusOnNavigation } from '../../shared/lib/use-focus-on-navigation';
import './shell.css';

/**
 * The signed-in frame: skip link, sidebar (or the phone's header and menu) and the screen. Its own
 * chunk, loaded once someone is signed in (SignedInLayout.tsx). `children` and `title` are for a
 * page shown outside the signed-in routes (the 404 page of a signed-in customer).
 */
export function SignedInShell({ children, title }: { children?: ReactNode; title?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const link = navLinkFor(pathname);
  useDocumentTitle(title ?? (link ? t(link.key) : undefined));
  useFocusOnNavigation(main);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Sidebar />
      <main id="main" ref={main} className="content" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
