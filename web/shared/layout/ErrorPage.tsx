import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Both apps' router fallback for an error no screen handled (e.g. the session check failed): the
 * app's common:unexpectedError texts, a link home (a full page load: the app's state may be what
 * broke) and the error in the console, after `logLabel`.
 */
export function ErrorPage({ home, logLabel }: { home: string; logLabel: string }) {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    // Set directly: this page must not depend on the app's queries (they may be what broke).
    document.title = t('unexpectedError.title');
    console.error(logLabel, error);
  }, [error, t, logLabel]);
  return (
    <main className="centered-page" role="alert">
      <h1>{t('unexpectedError.title')}</h1>
      <p>{t('unexpectedError.body')}</p>
      <a href={home}>{t('unexpectedError.back')}</a>
    </main>
  );
}
