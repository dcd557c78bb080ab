import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Sidebar } from './Sidebar';

export function SignedInLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Sidebar />
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
