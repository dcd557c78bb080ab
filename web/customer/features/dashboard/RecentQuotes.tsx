import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardQuote } from '../../../../contracts/customer/dashboard';
import { useLocale } from '../../../shared/i18n/use-locale';
import { quoteBadgeColor, StatusBadge } from '../../components/StatusBadge';
import { formatMoney } from '../../../shared/format';
import { paths } from '../../lib/paths';

export function RecentQuotes({ quotes }: { quotes: DashboardQuote[] }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return (
    <section className="card" aria-labelledby="recent-quotes-title">
      <h2 id="recent-quotes-title">{t('quotes.title')}</h2>
      {quotes.length === 0 ? (
        <p className="muted">{t('quotes.empty')}</p>
      ) : (
        <ul className="list summary-list">
          {quotes.map((quote) => (
            <li key={quote.id} className="summary-item">
              <div>
                <strong>{t('quotes.item', { id: quote.id })}</strong>
                <div>{t('quotes.total', { total: formatMoney(quote.total, locale) })}</div>
              </div>
              <StatusBadge status={quote.status} color={quoteBadgeColor(quote.status)} />
            </li>
          ))}
        </ul>
      )}
      <p className="section-link">
        <Link to={paths.quotes}>{t('quotes.viewAll')}</Link>
      </p>
    </section>
  );
}
