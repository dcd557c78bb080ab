import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { Quote } from '../../../../contracts/customer/quotes';
import { FormMessage } from '../../../shared/components/FormMessage';
import { quoteBadgeColor, StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../shared/format';
import { downloadQuotePdf } from '../../lib/pdf';
import { usePdfDownload } from '../../lib/pdf/use-pdf-download';
import { QuoteHistory } from './QuoteHistory';

/** One quote: number, status, description, created date, total, its two actions and its history. */
export function QuoteCard({ quote, onRequestRevision }: { quote: Quote; onRequestRevision: (quote: Quote) => void }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const headingId = useId();
  const pdf = usePdfDownload((company, locale) => downloadQuotePdf(quote, company, locale), `Quote ${quote.id}`);

  return (
    <article className="card quote-card" aria-labelledby={headingId}>
      <div className="quote-card-head">
        <h2 id={headingId}>{t('quoteNumber', { id: quote.id })}</h2>
        <StatusBadge status={quote.status} color={quoteBadgeColor(quote.status)} />
      </div>
      {quote.description && <p className="quote-description">{quote.description}</p>}
      <dl className="quote-facts">
        <div>
          <dt>{t('created')}</dt>
          <dd>
            <time dateTime={quote.created_at}>{formatDate(quote.created_at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('total')}</dt>
          <dd>{formatMoney(quote.total, locale)}</dd>
        </div>
      </dl>
      <div className="actions">
        <button
          type="button"
          className="button secondary"
          aria-describedby={headingId}
          aria-busy={pdf.busy}
          onClick={() => void pdf.download()}
        >
          {pdf.busy ? t('preparingPdf') : t('downloadPdf')}
        </button>
        <button
          type="button"
          className="button primary"
          aria-describedby={headingId}
          aria-haspopup="dialog"
          onClick={() => onRequestRevision(quote)}
        >
          {t('requestRevision')}
        </button>
      </div>
      {pdf.failed && <FormMessage kind="error">{t('pdfFailed')}</FormMessage>}
      {quote.history.length > 0 && <QuoteHistory history={quote.history} headingId={`${headingId}-history`} />}
    </article>
  );
}
