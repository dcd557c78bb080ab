import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { Quote } from '../../../../contracts/customer/quotes';
import { FormMessage } from '../../../shared/components/FormMessage';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatMoney } from '../../../shared/format';
import { customerPages } from '../../../../contracts/pages';
import { downloadQuotePdf, downloadVersionedQuotePdf } from '../../../shared/pdf';
import { usePdfDownload } from '../../lib/pdf/use-pdf-download';
import { quoteQuery } from './api/get-quote';
import { QuoteHistory } from './QuoteHistory';
import { pendingRevisionAt } from './revision-requested';
import { useAccountRole } from '../../components/account-role';

/** One quote: number, status, description, created date, total, its two actions and its history. */
export function QuoteCard({ quote, onRequestRevision }: { quote: Quote; onRequestRevision: (quote: Quote) => void }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const headingId = useId();
  const queryClient = useQueryClient();
  const viewOnly = useAccountRole() === 'view_only';
  // A quote written by the office's editor prints with its lines, figures and signature (one request, on the
  // click); a quote put in with SQL has no version and keeps the spec's PDF.
  const pdf = usePdfDownload(async (company, locale) => {
    const detail = await queryClient.fetchQuery(quoteQuery(quote.id));
    if (!detail.version) return downloadQuotePdf(quote, company, locale);
    return downloadVersionedQuotePdf(
      { ...detail, version: detail.version, currentVersion: detail.version.version, address: quote.address },
      company,
      locale,
    );
  }, `Quote ${quote.id}`);

  // The primary action follows the state: a Sent quote is there to be reviewed and approved (on its page);
  // an approved quote (or one whose revision request is already with the office) invites its PDF first,
  // not another revision request.
  const requested = pendingRevisionAt(quote);
  const review = quote.status === 'Sent';
  const pdfFirst = quote.status === 'Approved' || quote.status === 'Revision Requested';

  return (
    <article className="card quote-card" aria-labelledby={headingId}>
      <div className="quote-card-head">
        <h2 id={headingId}>
          <Link to={customerPages.quote.href(quote.id)}>{t('quoteNumber', { id: quote.id })}</Link>
        </h2>
        <StatusBadge status={quote.status} domain="quote" />
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
        {quote.address && (
          <div>
            <dt>{t('property')}</dt>
            <dd>{quote.address}</dd>
          </div>
        )}
      </dl>
      {requested && (
        <p className="quote-revision-sent" data-testid="revision-sent">
          {t(requested.waitingForOffice ? 'revisionSent' : 'revisionAsked', { date: formatDate(requested.at, locale) })}
        </p>
      )}
      <div className="actions">
        {review && (
          <Link to={customerPages.quote.href(quote.id)} className="button primary" aria-describedby={headingId}>
            {t('reviewApprove')}
          </Link>
        )}
        <button
          type="button"
          className={`button ${pdfFirst ? 'primary' : 'secondary'}`}
          aria-describedby={headingId}
          aria-busy={pdf.busy}
          onClick={() => void pdf.download()}
        >
          {pdf.busy ? t('preparingPdf') : t('downloadPdf')}
        </button>
        {!viewOnly && (
          <button
            type="button"
            className={`button ${pdfFirst || review ? 'secondary' : 'primary'}`}
            aria-describedby={headingId}
            aria-haspopup="dialog"
            onClick={() => onRequestRevision(quote)}
          >
            {t('requestRevision')}
          </button>
        )}
      </div>
      {pdf.failed && <FormMessage kind="error">{t('pdfFailed')}</FormMessage>}
      {quote.history.length > 0 && <QuoteHistory history={quote.history} headingId={`${headingId}-history`} />}
    </article>
  );
}
