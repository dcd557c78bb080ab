import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

/** The 404's words (the app's common:notFound texts) and the way home. */
export function NotFoundText({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={home}>{t('notFound.back')}</Link>
    </>
  );
}

/** An unknown address as a page of its own (it names the tab): in a `main` of its own, or inside a frame's. */
export function NotFoundPage({ home, landmark = false }: { home: string; landmark?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  const Page = landmark ? 'main' : 'div';
  return (
    <Page className="centered-page">
      <NotFoundText home={home} />
    </Page>
  );
}
