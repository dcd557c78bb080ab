import { pathOf } from '../../../../contracts/endpoint';
import { getOfficeSignedQuotePdf, signedQuoteFileName } from '../../../../contracts/signatures';
import './quotes.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { propertyText } from '../../../../domain/properties/address';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { CustomerLink } from '../../components/CustomerLink';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { officePages } from '../../../../contracts/pages';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { quoteIdFrom, useOfficeQuote } from './api/get-quote';
import { useCreateWorkOrder, useNewVersion } from './api/quote-actions';
import { quoteErrorText } from './quote-errors';
import { QuoteDecisions, QuoteRevisionRequests, QuoteTimeline } from './QuoteHistory';
import { QuoteRequestCard } from './QuoteRequestCard';
import { VersionDocument } from './VersionDocument';
import { VersionPdfButton } from './VersionPdfButton';

/** A new version may be written for a sent quote that is not approved (domain/quotes/statuses.ts). */
const VERSIONABLE = new Set(['Sent', 'Revision Requested', 'Declined', 'Expired']);

/** /office/quotes/:id: status, the versions (each viewable), the customer's answers, revision requests and timeline. */
export function QuoteDetailPage() {
  const { t } = useTranslation('quotes');
  const id = quoteIdFrom(useParams().id);
  const quote = useOfficeQuote(id ?? 0);
  useDocumentTitle(id ? t('detail.title', { id }) : undefined);

  if (!id || (quote.error instanceof ApiError && quote.error.status === 404)) {
    return (
      <>
        <h1>{t('notFound')}</h1>
        <p>
          <Link to={officePages.quotes.href()}>{t('back')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="breadcrumb">
        <Link to={officePages.quotes.href()}>{t('back')}</Link>
      </p>
      {quote.data ? (
        <Loaded quote={quote.data} />
      ) : (
        <>
          <h1>{t('detail.title', { id })}</h1>
          <QueryStatus query={quote} ns="quotes" logAs={`Quote ${id} could not be loaded:`} />
        </>
      )}
    </>
  );
}

function Loaded({ quote }: { quote: OfficeQuote }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const { state, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // 'Quote sent' is said once: a reload or a later visit to this entry does not say it again.
  const [sentNotice] = useState(() => Boolean((state as { sent?: boolean } | null)?.sent));
  useEffect(() => {
    if ((state as { sent?: boolean } | null)?.sent) void navigate(pathname + search, { replace: true, state: null });
  }, [state, pathname, search, navigate]);
  const shownNumber = Number(params.get('version')) || quote.currentVersion || quote.draftVersion || quote.versions.at(-1)?.version;
  const shown = quote.versions.find((v) => v.version === shownNumber) ?? quote.versions.at(-1);

  return (
    <>
      <div className="page-header">
        <h1>
          {t('detail.title', { id: quote.id })} <StatusBadge status={quote.status} domain="quote" />
        </h1>
        <QuoteActions quote={quote} />
      </div>
      {sentNotice && <FormMessage kind="success">{t('detail.sentMessage')}</FormMessage>}
      <section className="card quote-summary" aria-label={t('detail.customer')}>
        <p>
          <CustomerLink customer={quote.customer} />
        </p>
        {quote.description && <p className="summary-text">{quote.description}</p>}
        <dl className="facts">
          <div>
            <dt>{t('editor.total')}</dt>
            <dd>
              <strong>{formatMoney(quote.total, locale)}</strong>
            </dd>
          </div>
          {quote.validUntil && (
            <div>
              <dt>{t('detail.validUntil')}</dt>
              <dd>{formatDate(quote.validUntil, locale)}</dd>
            </div>
          )}
          <div>
            <dt>{t('detail.created')}</dt>
            <dd>{formatDate(quote.createdAt, locale)}</dd>
          </div>
          {quote.property && (
            // The property it is for (contract-spec §4), picked in the editor.
            <div>
              <dt>{t('detail.property')}</dt>
              <dd>{propertyText(quote.property)}</dd>
            </div>
          )}
        </dl>
        {quote.currentVersion !== null && (
          <p className={quote.viewedAt ? 'viewed' : 'muted'}>
            {quote.viewedAt ? t('detail.viewed', { date: formatDateTime(quote.viewedAt, locale) }) : t('detail.notViewed')}
            {quote.remindersSent > 0 && <> · {t('detail.reminders', { count: quote.remindersSent })}</>}
          </p>
        )}
      </section>
      {quote.request && <QuoteRequestCard request={quote.request} />}

      <section className="section" aria-labelledby="version-title">
        <h2 id="version-title">
          {shown
            ? t(
                shown.version === quote.currentVersion
                  ? 'detail.versionCurrent'
                  : shown.sentAt === null
                    ? 'detail.versionDraft'
                    : 'detail.version',
                { n: shown.version },
              )
            : t('detail.lines')}
        </h2>
        {quote.versions.length > 1 && (
          <nav className="status-tabs" aria-label={t('detail.versions')}>
            {quote.versions.map((v) => (
              <button
                key={v.version}
                type="button"
                className="status-tab"
                aria-pressed={v.version === shown?.version}
                onClick={() => setParams(v.version === (quote.currentVersion ?? quote.draftVersion) ? {} : { version: String(v.version) })}
              >
                {t(
                  v.version === quote.currentVersion
                    ? 'detail.versionCurrent'
                    : v.sentAt === null
                      ? 'detail.versionDraft'
                      : 'detail.version',
                  {
                    n: v.version,
                  },
                )}
              </button>
            ))}
          </nav>
        )}
        {shown ? (
          <VersionDocument version={shown} decision={quote.decisions.find((d) => d.version === shown.version)} headingId="version-title" />
        ) : (
          <p className="muted">{t('detail.legacy')}</p>
        )}
      </section>

      {shown?.sentAt && (
        <div className="actions">
          <VersionPdfButton key={shown.version} quote={quote} version={shown} />
          {quote.decisions.some((d) => d.version === shown.version && d.decision === 'Approved' && d.pdfSha256) && (
            // The signed PDF made at approval, with its certificate (contract-spec §1); the download is audited.
            <a
              className="button secondary link-button"
              href={pathOf(getOfficeSignedQuotePdf, { id: quote.id })}
              download={signedQuoteFileName(quote.id)}
            >
              {t('signedPdf.download')}
            </a>
          )}
        </div>
      )}

      <QuoteDecisions quote={quote} />
      <QuoteRevisionRequests quote={quote} />
      <QuoteTimeline quote={quote} />
    </>
  );
}

/** 'Edit draft' and send; 'New version' (a sent quote not approved); 'Create work order' (Approved) or its link. */
function QuoteActions({ quote }: { quote: OfficeQuote }) {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const newVersion = useNewVersion(quote.id);
  const createOrder = useCreateWorkOrder(quote.id);
  const [created, setCreated] = useState<number | null>(null);
  const error = newVersion.error ?? createOrder.error;

  return (
    <div className="quote-actions">
      <div className="actions">
        {quote.draftVersion !== null && quote.status !== 'Approved' && (
          <Link className="button primary" to={officePages.editQuote.href(quote.id)}>
            {t('detail.editDraft')}
          </Link>
        )}
        {quote.draftVersion === null && VERSIONABLE.has(quote.status) && (
          <button
            type="button"
            className="button primary"
            disabled={newVersion.isPending}
            aria-busy={newVersion.isPending}
            title={t('detail.newVersionHint')}
            onClick={() => newVersion.mutate(undefined, { onSuccess: () => void navigate(officePages.editQuote.href(quote.id)) })}
          >
            {t('detail.newVersion')}
          </button>
        )}
        {quote.status === 'Approved' && quote.workOrderId === null && (
          <button
            type="button"
            className="button primary"
            disabled={createOrder.isPending}
            aria-busy={createOrder.isPending}
            onClick={() => createOrder.mutate(undefined, { onSuccess: (order) => setCreated(order.id) })}
          >
            {t('detail.createWorkOrder')}
          </button>
        )}
        {quote.workOrderId !== null && (
          <Link className="button secondary" to={officePages.workOrder.href(quote.workOrderId)}>
            {t('detail.workOrder', { id: quote.workOrderId })}
          </Link>
        )}
      </div>
      {created !== null && <FormMessage kind="success">{t('detail.workOrderCreated', { id: created })}</FormMessage>}
      <FormMessage kind="error">{error ? quoteErrorText(t, error) : null}</FormMessage>
    </div>
  );
}
