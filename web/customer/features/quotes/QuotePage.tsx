import { pathOf } from '../../../../contracts/endpoint';
import { getSignedQuotePdf, signedQuoteFileName } from '../../../../contracts/signatures';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { QuoteDetail } from '../../../../contracts/customer/quotes';
import type { QuoteVersionView } from '../../../../contracts/quote-document';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { customerPages } from '../../../../contracts/pages';
import { versionFigures } from '../../../shared/pdf/quote-figures';
import { isNotFound, quoteIdFrom, useQuote } from './api/get-quote';
import { ApproveDialog } from './ApproveDialog';
import { DeclineDialog } from './DeclineDialog';
import { EarlierVersions } from './EarlierVersions';
import { PayDeposit } from './PayDeposit';
import { QuoteDecisionBox } from './QuoteDecisionBox';
import { QuoteHistory } from './QuoteHistory';
import { QuoteLines } from './QuoteLines';
import { QuotePdfButton } from './QuotePdfButton';
import { RevisionDialog } from './RevisionDialog';
import { pendingRevisionAt } from './revision-requested';
import { RevisionAnswer } from './RevisionAnswer';
import { WhatChanged } from './WhatChanged';
import { useAccountRole, ViewOnlyNotice } from '../../components/account-role';
import './quotes.css';

/** /quotes/:id: one quote as a document, in one request; not the customer's (or no such quote): not found. */
export function QuotePage() {
  const { t } = useTranslation('quotesDetail');
  const id = quoteIdFrom(useParams().id);
  const quote = useQuote(id);

  if (id === null || (quote.isError && isNotFound(quote.error) && !quote.data)) return <QuoteNotFound />;
  return (
    <>
      <p className="quote-back">
        <Link to={customerPages.quotes.href()}>← {t('back')}</Link>
      </p>
      {quote.data ? (
        <QuoteView quote={quote.data} />
      ) : (
        <>
          <h1>{t('quoteNumber', { ns: 'quotes', id })}</h1>
          <QueryStatus query={quote} ns="quotesDetail" logAs="Quote could not be loaded:" />
        </>
      )}
    </>
  );
}

/** The app's not-found state, inside the signed-in layout (a quote of someone else is not there for you). */
function QuoteNotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="quote-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={customerPages.dashboard.href()}>{t('notFound.back')}</Link>
    </div>
  );
}

type Dialog = 'approve' | 'decline' | 'revision' | null;
type Outcome = 'approved' | 'declined' | 'changed' | 'expired' | 'revision';

const outcomeText: Record<Outcome, [kind: 'success' | 'error', key: string, ns: string]> = {
  approved: ['success', 'approve.success', 'quotesDetail'],
  declined: ['success', 'decline.success', 'quotesDetail'],
  changed: ['error', 'changedError', 'quotesDetail'],
  expired: ['error', 'expiredError', 'quotesDetail'],
  revision: ['success', 'revision.success', 'quotes'],
};

function QuoteView({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const message = useRef<HTMLDivElement>(null);
  const { version, decision } = quote;
  const figures = version ? versionFigures(version, decision) : null;
  // A view-only person of the account sees the quote and no action (decision 245).
  const viewOnly = useAccountRole() === 'view_only';
  const decidable = quote.canDecide && version && !viewOnly ? { ...quote, version } : null;
  const answer = quote.revisionAnswer ?? null;
  // A request the office answered in words no longer waits for it.
  const asked = pendingRevisionAt(quote);
  const requested = asked && answer && Date.parse(answer.answeredAt) >= Date.parse(asked.at) ? null : asked;

  // The dialog has closed and its opener may be gone (no Approve once approved): the answer takes focus.
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  const open = (next: Dialog) => {
    setOutcome(null);
    setDialog(next);
  };
  const finish = (result: Outcome) => {
    setDialog(null);
    setOutcome(result);
  };
  const [kind, key, ns] = outcome ? outcomeText[outcome] : [];

  return (
    <article className="quote-page" aria-labelledby={headingId}>
      <div className="quote-card-head">
        <h1 id={headingId}>{t('quoteNumber', { ns: 'quotes', id: quote.id })}</h1>
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
        {version && (
          <div>
            <dt>{t('versionLabel')}</dt>
            <dd>{t('version', { n: version.version })}</dd>
          </div>
        )}
        {version?.validUntil && (
          <div>
            <dt>{t('validUntil')}</dt>
            <dd>
              <time dateTime={version.validUntil}>{formatDate(version.validUntil, locale)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('total')}</dt>
          <dd>{formatMoney(figures?.total ?? quote.total, locale)}</dd>
        </div>
      </dl>

      <div ref={message} tabIndex={-1} className="quotes-status" aria-live="polite">
        {kind && key && <FormMessage kind={kind}>{t(key, { ns })}</FormMessage>}
        {outcome === 'approved' && <PayDeposit quoteId={quote.id} />}
      </div>
      {quote.status === 'Expired' && outcome !== 'expired' && <FormMessage kind="info">{t('expiredNote')}</FormMessage>}

      <div className="actions">
        {decidable && (
          <>
            <button type="button" className="button primary" aria-haspopup="dialog" onClick={() => open('approve')}>
              {t('approve.open')}
            </button>
            <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => open('decline')}>
              {t('decline.open')}
            </button>
          </>
        )}
        <QuotePdfButton
          quote={quote}
          version={version ? { version, decision, currentVersion: version.version } : undefined}
          describedBy={headingId}
          primary={quote.status === 'Approved'}
        />
        {decision?.decision === 'Approved' && decision.pdfSha256 && (
          // The signed PDF made on the server at approval, with its certificate (contract-spec §1).
          <a
            className="button secondary link-button"
            href={pathOf(getSignedQuotePdf, { id: quote.id })}
            download={signedQuoteFileName(quote.id)}
          >
            {t('download', { ns: 'signatures' })}
          </a>
        )}
        {!viewOnly && (
          <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => open('revision')}>
            {t('requestRevision', { ns: 'quotes' })}
          </button>
        )}
      </div>
      {viewOnly && <ViewOnlyNotice />}

      {decision && <QuoteDecisionBox decision={decision} />}
      {quote.whatChanged && <WhatChanged changes={quote.whatChanged} />}
      {version && <QuoteLines version={version} decision={decision} />}
      {version?.terms && <Terms version={version} />}
      <EarlierVersions quote={quote} />
      {/* Beside the history, not in it: the spec's Status History lists the status log only. */}
      {requested && (
        <p className="quote-revision-sent" data-testid="revision-sent">
          {t(requested.waitingForOffice ? 'revisionSent' : 'revisionAsked', { ns: 'quotes', date: formatDate(requested.at, locale) })}
        </p>
      )}
      {answer && <RevisionAnswer answer={answer} />}
      {quote.history.length > 0 && <QuoteHistory history={quote.history} headingId={`${headingId}-history`} />}

      {dialog === 'approve' && decidable && <ApproveDialog quote={decidable} onClose={() => setDialog(null)} onDone={finish} />}
      {dialog === 'decline' && decidable && <DeclineDialog quote={decidable} onClose={() => setDialog(null)} onDone={finish} />}
      {dialog === 'revision' && <RevisionDialog quote={quote} onClose={() => setDialog(null)} onSubmitted={() => finish('revision')} />}
    </article>
  );
}

function Terms({ version }: { version: QuoteVersionView }) {
  const { t } = useTranslation('quotesDetail');
  const headingId = useId();
  return (
    <section className="quote-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('terms')}</h2>
      <p className="quote-terms">{version.terms}</p>
    </section>
  );
}
