import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { QuoteStatusEntry } from '../../../../contracts/customer/quotes';
import { formatDate } from '../../../shared/format';

/** 'Status History': each status and its date, oldest first (as the server sends them). */
export function QuoteHistory({ history, headingId }: { history: QuoteStatusEntry[]; headingId: string }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  return (
    <section className="quote-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('history')}</h3>
      <ol>
        {history.map((entry, index) => (
          <li key={`${entry.timestamp}-${index}`}>
            <span className="quote-history-status">{t(`status.${entry.status}`, { ns: 'common', defaultValue: entry.status })}</span>
            <time dateTime={entry.timestamp}>{formatDate(entry.timestamp, locale)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
