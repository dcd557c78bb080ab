import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { officePages } from '../../../contracts/pages';

/** The router's fallback for an error no screen handled (e.g. the session check failed). */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    // Set directly: this page must not depend on the app's queries (they may be what broke).
    document.title = t('unexpectedError.title');
    console.error('unexpected office application error', error);
  }, [error, t]);
  return (
    <main className="centered-page" role="alert">
      <h1>{t('unexpectedError.title')}</h1>
      <p>{t('unexpectedError.body')}</p>
      {/* A full page load: the app's state may be what broke. */}
      <a href={officePages.inbox.href()}>{t('unexpectedError.back')}</a>
    </main>
  );
}
