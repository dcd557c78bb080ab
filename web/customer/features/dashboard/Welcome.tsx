import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPages } from '../../../../contracts/pages';

/** A first visit (nothing yet): what this page will show, and where to ask for work. */
export function Welcome() {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t('welcome.title')}</h2>
      <p>{t('welcome.body')}</p>
      <Link to={customerPages.submitWorkOrder.href()} className="button primary welcome-action">
        {t('welcome.action')}
      </Link>
    </section>
  );
}
