import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { officeQuoteStatuses, type OfficeQuoteRow } from '../../../../contracts/office/quotes';
import { Field } from '../../../shared/components/Field';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { CustomerLink } from '../../components/CustomerLink';
import { LoadMore } from '../../components/LoadMore';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { StatusTabs } from '../../components/StatusTabs';
import { officePages } from '../../../../contracts/pages';
import { useSearchParam, useSetParams } from '../../lib/use-search-param';
import { quoteFilterFrom, useOfficeQuotes } from './api/list-quotes';

/** 'Quotes' (/office/quotes): every customer's quotes, newest first, by status (with counts) and a search. */
export function QuotesPage() {
  const { t } = useTranslation('quotes');
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const [input, setInput] = useSearchParam();
  const filter = quoteFilterFrom(params);
  const list = useOfficeQuotes(filter);
  const quotes = list.data?.pages.flatMap((page) => page.quotes) ?? [];
  const counts = list.data?.pages[0]?.counts;
  // Statuses put in with plain SQL may be any text: they get a tab of their own.
  const statuses = [
    ...officeQuoteStatuses,
    ...Object.keys(counts ?? {}).filter((s) => !(officeQuoteStatuses as readonly string[]).includes(s)),
  ];

  return (
    <>
      <div className="page-header">
        <h1>{t('title')}</h1>
        <Link className="button primary" to={officePages.newQuote.href()}>
          {t('newQuote')}
        </Link>
      </div>
      <div role="search" className="toolbar">
        <Field
          label={t('search')}
          hint={t('searchHint')}
          type="search"
          maxLength={100}
          autoComplete="off"
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
      </div>
      <StatusTabs
        label={t('status')}
        statuses={statuses}
        counts={counts}
        value={filter.status ?? null}
        onChange={(status) => setParams({ status })}
      />
      <div aria-live="polite">
        <QueryStatus query={{ ...list, data: list.data && quotes }} ns="quotes" logAs="Office quotes could not be loaded:" empty />
      </div>
      {quotes.length > 0 && (
        <ul className="list" aria-label={t('title')} aria-busy={list.isFetching && !list.isFetchingNextPage}>
          {quotes.map((quote) => (
            <li key={quote.id}>
              <QuoteRow quote={quote} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={list} />
    </>
  );
}

function QuoteRow({ quote }: { quote: OfficeQuoteRow }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  return (
    <article className="card row-card">
      <div className="row-main">
        <h2>
          <Link to={officePages.quote.href(quote.id)}>{t('item', { id: quote.id })}</Link>
        </h2>
        <p>
          <CustomerLink customer={quote.customer} hash={`quote-${quote.id}`} />
        </p>
        <p className="summary-text">{quote.description}</p>
        <p className="muted">
          {quote.address && <>{quote.address} · </>}
          {formatDate(quote.createdAt, locale)}
        </p>
      </div>
      <StatusBadge status={quote.status} domain="quote" />
      <span className="record-amount">{formatMoney(quote.total, locale)}</span>
    </article>
  );
}
