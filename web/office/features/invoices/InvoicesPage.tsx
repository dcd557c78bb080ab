import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { officePages } from '../../../../contracts/pages';
import { Field } from '../../../shared/components/Field';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { CustomerLink } from '../../components/CustomerLink';
import { LoadMore } from '../../components/LoadMore';
import { StatusTabs } from '../../components/StatusTabs';
import { useSearchParam, useSetParams } from '../../lib/use-search-param';
import { invoiceFilterFrom, invoiceListStatuses, useOfficeInvoices, type OfficeInvoiceRow } from './api/invoices';
import { invoiceName, shownStatus } from './invoice-view';
import './invoices.css';

/**
 * 'Invoices' (/office/invoices, contract-spec §3): every customer's invoices, newest first, by status
 * (Overdue included) with counts, searched by number or customer; the totals outstanding and overdue
 * above them; keyset pages with 'Load more'.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const [input, setInput] = useSearchParam();
  const filter = invoiceFilterFrom(params);
  const list = useOfficeInvoices(filter);
  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];
  const first = list.data?.pages[0];

  return (
    <>
      <div className="page-header">
        <h1>{t('title')}</h1>
      </div>
      {first && <InvoiceTotals outstanding={first.totals.outstanding} overdue={first.totals.overdue} />}
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
        statuses={invoiceListStatuses}
        counts={first?.counts}
        value={filter.status ?? null}
        onChange={(status) => setParams({ status })}
      />
      <div aria-live="polite">
        <QueryStatus query={{ ...list, data: list.data && invoices }} ns="invoices" logAs="Office invoices could not be loaded:" empty />
      </div>
      {invoices.length > 0 && (
        <ul className="list" aria-label={t('title')} aria-busy={list.isFetching && !list.isFetchingNextPage}>
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceRow invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={list} />
    </>
  );
}

/** What customers owe: every sent invoice's balance, and the part of it past due (the whole book, not the filter's). */
function InvoiceTotals({ outstanding, overdue }: { outstanding: string; overdue: string }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const headingId = useId();
  return (
    <section className="invoice-totals" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('totals.label')}
      </h2>
      <dl>
        <div className="card" data-testid="invoices-outstanding">
          <dt>{t('totals.outstanding')}</dt>
          <dd>{formatMoney(outstanding, locale)}</dd>
        </div>
        <div className="card overdue" data-testid="invoices-overdue">
          <dt>{t('totals.overdue')}</dt>
          <dd>{formatMoney(overdue, locale)}</dd>
        </div>
      </dl>
      <p className="muted">{t('totals.note')}</p>
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: OfficeInvoiceRow }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  return (
    <article className="card row-card" data-testid={`invoice-${invoice.number ?? invoice.id}`}>
      <div className="row-main">
        <h2>
          <Link to={officePages.invoice.href(invoice.id)}>{invoiceName(t, invoice)}</Link>{' '}
          <span className="muted invoice-kind">{t(`kind.${invoice.kind}`, { defaultValue: invoice.kind })}</span>
        </h2>
        <p>
          <CustomerLink customer={invoice.customer} />
        </p>
        <p className="muted">
          {invoice.workOrderId !== null && (
            <>
              <Link to={officePages.workOrder.href(invoice.workOrderId)}>{t('row.workOrder', { id: invoice.workOrderId })}</Link>
              {' · '}
            </>
          )}
          {invoice.issuedAt ? t('row.issued', { date: formatDate(invoice.issuedAt, locale) }) : t('row.notSent')}
          {invoice.dueDate && invoice.issuedAt && ` · ${t('row.due', { date: formatDate(invoice.dueDate, locale) })}`}
        </p>
        <p>
          {t('row.total', { amount: formatMoney(invoice.total, locale) })}
          {invoice.status !== 'Void' && invoice.status !== 'Draft' && (
            <strong> · {t('row.balance', { amount: formatMoney(invoice.balanceDue, locale) })}</strong>
          )}
        </p>
      </div>
      <StatusBadge status={shownStatus(invoice)} domain="invoice" />
    </article>
  );
}
