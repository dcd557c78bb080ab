import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { officePages } from '../../../contracts/pages';
import { useDocumentTitle } from '../../shared/lib/use-document-title';

/** An unknown office address; inside the shell when signed in, alone otherwise. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="centered-page">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={officePages.inbox.href()}>{t('notFound.back')}</Link>
    </div>
  );
}
