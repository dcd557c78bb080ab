import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { officePages } from '../../../../contracts/pages';
import { ApiError } from '../../../shared/api/client';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { CustomerLink } from '../../components/CustomerLink';
import { invoiceIdFrom, useOfficeInvoice, type OfficeInvoice } from './api/invoices';
import { invoiceName, shownStatus } from './invoice-view';
import { InvoiceActions } from './InvoiceActions';
import { InvoiceFigures, InvoiceLines } from './InvoiceLines';
import { PaymentsTable } from './PaymentsTable';
import './invoices.css';

/** /office/invoices/:id (contract-spec §3): the invoice's lines, payments and refunds, balance and status, and what the office can do with it. */
export function InvoiceDetailPage() {
  const id = invoiceIdFrom(useParams().id);
  if (!id) return <NotFound />;
  return <InvoiceScreen key={id} id={id} />;
}

function NotFound() {
  const { t } = useTranslation('invoices');
  return (
    <>
      <h1>{t('detail.notFound')}</h1>
      <p>
        <Link to={officePages.invoices.href()}>{t('detail.back')}</Link>
      </p>
    </>
  );
}

function InvoiceScreen({ id }: { id: number }) {
  const { t } = useTranslation('invoices');
  const query = useOfficeInvoice(id);
  const invoice = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(invoice ? invoiceName(t, invoice) : notFound ? t('detail.notFound') : undefined);
  if (notFound) return <NotFound />;
  return (
    <>
      <p className="breadcrumb">
        <Link to={officePages.invoices.href()}>{t('detail.back')}</Link>
      </p>
      {/* One heading element while loading and once loaded, so the focus a move to this screen gives it stays. */}
      <div className="page-header">
        <h1>
          {invoice ? invoiceName(t, invoice) : t('title')} {invoice && <StatusBadge status={shownStatus(invoice)} domain="invoice" />}
        </h1>
      </div>
      {invoice ? (
        <Loaded invoice={invoice} refreshing={query.isFetching} />
      ) : (
        <QueryStatus query={query} ns="invoices" logAs={`Invoice ${id} could not be loaded:`} />
      )}
    </>
  );
}

function Loaded({ invoice, refreshing }: { invoice: OfficeInvoice; refreshing: boolean }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  return (
    <div className="invoice-page" aria-busy={refreshing}>
      <section className="card" aria-labelledby="invoice-facts">
        <h2 id="invoice-facts">{t(`kind.${invoice.kind}`, { defaultValue: invoice.kind })}</h2>
        <dl className="invoice-facts">
          <div className="wide">
            <dt>{t('detail.customer')}</dt>
            <dd>
              <CustomerLink customer={invoice.customer} />
            </dd>
          </div>
          {invoice.workOrderId !== null && (
            <div>
              <dt>{t('detail.workOrder')}</dt>
              <dd>
                <Link to={officePages.workOrder.href(invoice.workOrderId)}>{t('row.workOrder', { id: invoice.workOrderId })}</Link>
              </dd>
            </div>
          )}
          {invoice.quoteId !== null && (
            <div>
              <dt>{t('detail.quote')}</dt>
              <dd>
                <Link to={officePages.quote.href(invoice.quoteId)}>{t('detail.quoteLink', { id: invoice.quoteId })}</Link>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('detail.issued')}</dt>
            <dd>{invoice.issuedAt ? formatDate(invoice.issuedAt, locale) : t('detail.notSent')}</dd>
          </div>
          {invoice.dueDate && (
            <div>
              <dt>{t('detail.due')}</dt>
              <dd>{formatDate(invoice.dueDate, locale)}</dd>
            </div>
          )}
          <div>
            <dt>{t('detail.balanceDue')}</dt>
            <dd data-testid="invoice-balance">
              <strong>{formatMoney(invoice.balanceDue, locale)}</strong>
            </dd>
          </div>
          {invoice.voidReason && (
            <div className="wide">
              <dt>{t('detail.voidReason')}</dt>
              <dd className="summary-text">{invoice.voidReason}</dd>
            </div>
          )}
        </dl>
        <InvoiceActions invoice={invoice} />
      </section>

      <section className="card" aria-labelledby="invoice-lines">
        <h2 id="invoice-lines">{t('detail.lines')}</h2>
        <InvoiceLines invoice={invoice} headingId="invoice-lines" />
        <InvoiceFigures invoice={invoice} />
      </section>

      <section className="card" aria-labelledby="invoice-payments">
        <h2 id="invoice-payments">{t('detail.payments')}</h2>
        <PaymentsTable payments={invoice.payments} headingId="invoice-payments" />
      </section>
    </div>
  );
}
