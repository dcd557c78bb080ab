import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../features/auth/session';
import { customerPages } from '../../../contracts/pages';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { SignedInLayout } from './SignedInLayout';

/** Any other path: inside the signed-in frame for a signed-in customer (menu and all), a page of its own otherwise. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending) return <div aria-busy="true" className="session-pending" />;
  if (session.data) {
    return (
      <SignedInLayout title={t('notFound.title')}>
        <NotFoundText />
      </SignedInLayout>
    );
  }
  return <SignedOutNotFound />;
}

function SignedOutNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="centered-page">
      <NotFoundText />
    </main>
  );
}

function NotFoundText() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={customerPages.dashboard.href()}>{t('notFound.back')}</Link>
    </>
  );
}
