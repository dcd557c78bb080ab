import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { RevisionAnswerForm } from './RevisionAnswerForm';

/** The customer's answers: signer, the account's person, decision, chosen optional lines, signed total, time, address, browser, hash, reason. */
export function QuoteDecisions({ quote }: { quote: OfficeQuote }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  return (
    <section className="section" aria-labelledby="decisions-title">
      <h2 id="decisions-title">{t('detail.decisions')}</h2>
      {quote.decisions.length === 0 ? (
        <p className="muted">{t('detail.noDecisions')}</p>
      ) : (
        <ul className="list">
          {quote.decisions.map((decision) => {
            const lines = quote.versions.find((v) => v.version === decision.version)?.lines ?? [];
            const chosen = decision.optionalItemIds.map((id) => lines.find((l) => l.id === id)?.description ?? `#${id}`);
            return (
              <li key={decision.id} className="card decision-card">
                <h3>
                  <StatusBadge status={decision.decision} domain="quote" /> {t('detail.version', { n: decision.version })}
                </h3>
                <dl className="facts">
                  {decision.signerName && <Fact term={t('detail.signer')} value={decision.signerName} />}
                  {decision.person && (
                    // The account's person behind the decision (contract-spec §4), whoever signed.
                    <Fact
                      term={t(decision.decision === 'Approved' ? 'detail.approvedBy' : 'detail.declinedBy')}
                      value={t('detail.person', decision.person)}
                    />
                  )}
                  {decision.total && <Fact term={t('detail.signedTotal')} value={formatMoney(decision.total, locale)} />}
                  {decision.decision === 'Approved' && (
                    <Fact term={t('detail.chosenOptional')} value={chosen.length ? chosen.join(', ') : t('detail.noneChosen')} />
                  )}
                  <Fact term={t('detail.decidedAt')} value={formatDateTime(decision.decidedAt, locale)} />
                  <Fact term={t('detail.ip')} value={decision.ip ?? t('common:missing')} />
                  <Fact term={t('detail.hash')} value={<code title={decision.contentHash}>{decision.contentHash.slice(0, 12)}</code>} />
                  {decision.decision === 'Declined' && <Fact term={t('detail.reason')} value={decision.reason || t('detail.noReason')} />}
                </dl>
                {decision.userAgent && (
                  <p className="muted user-agent">
                    {t('detail.userAgent')}: {decision.userAgent}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * Whether the office answers a request in words: on an Approved quote (frozen: no new version until
 * change orders exist), for a request that no version sent later has answered already.
 */
const answerable = (quote: OfficeQuote, requestedAt: string) =>
  quote.status === 'Approved' && !quote.versions.some((v) => v.sentAt !== null && Date.parse(v.sentAt) >= Date.parse(requestedAt));

/** The customer's revision requests, with their messages, the office's answers, and 'Answer' where it is due. */
export function QuoteRevisionRequests({ quote }: { quote: OfficeQuote }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  return (
    <section className="section" aria-labelledby="revisions-title">
      <h2 id="revisions-title">{t('detail.revisions')}</h2>
      {quote.revisionRequests.length === 0 ? (
        <p className="muted">{t('detail.noRevisions')}</p>
      ) : (
        <ul className="list">
          {quote.revisionRequests.map((request) => (
            <li key={request.id} id={`revision-${request.id}`} className="card quote-revision">
              <p className="summary-text">{request.message}</p>
              <p className="muted">
                {request.person ? t('detail.requestedBy', request.person) : request.email} · {formatDateTime(request.requestedAt, locale)}
              </p>
              {request.answer !== null && request.answeredAt !== null ? (
                <div className="revision-answer">
                  <h3>{t('answer.given', { date: formatDateTime(request.answeredAt, locale) })}</h3>
                  <p className="summary-text">{request.answer}</p>
                </div>
              ) : (
                answerable(quote, request.requestedAt) && <RevisionAnswerForm quoteId={quote.id} requestId={request.id} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every change of the quote's status (quote_status_log), oldest first; a quote never sent has none yet. */
export function QuoteTimeline({ quote }: { quote: OfficeQuote }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  return (
    <section className="section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t('detail.timeline')}</h2>
      {quote.timeline.length === 0 ? (
        <p className="muted">{t('detail.noTimeline')}</p>
      ) : (
        <ol className="quote-timeline">
          {quote.timeline.map((entry, i) => (
            <li key={i}>
              <StatusBadge status={entry.status} domain="quote" />{' '}
              <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp, locale)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
