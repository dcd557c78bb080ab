import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** A first visit (nothing yet): what this page will show, and where to ask for work. */
export function Welcome() {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t('welcome.title')}</h2>
      <p>{t('welcome.body')}</p>
      <Link to={paths.submitWorkOrder} className="button primary welcome-action">
        {t('welcome.action')}
      </Link>
    </section>
  );
}
