import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useFocusOnNavigation } from '../../shared/lib/use-focus-on-navigation';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { navLinkFor } from './nav-links';
import { Sidebar } from './Sidebar';

/** The signed-in office: sidebar (a menu on a phone) and the screen. */
export function OfficeLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const link = navLinkFor(pathname);
  useDocumentTitle(link ? t(link.key) : undefined);
  useFocusOnNavigation(main);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Sidebar />
      <main id="main" ref={main} className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
