import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CustomerInvoice } from '../../../../contracts/customer/invoices';
import { customerPages } from '../../../../contracts/pages';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { invoiceIdFrom, useInvoice } from './api/get-invoice';
import { InvoicePdfButton } from './InvoicePdfButton';
import { PaymentReturn } from './PaymentReturn';
import { PayNow } from './PayNow';
import './invoices.css';

/** /invoices/:id: lines, payments received and the balance; the return page of an online payment (?payment=). */
export function InvoicePage() {
  const id = invoiceIdFrom(useParams().id);
  if (!id) return <NotFound />;
  return <InvoiceScreen key={id} id={id} />;
}

function NotFound() {
  const { t } = useTranslation('invoices');
  return (
    <>
      <h1>{t('notFound')}</h1>
      <p>{t('notFoundBody')}</p>
      <p>
        <Link to={customerPages.invoices.href()}>{t('back')}</Link>
      </p>
    </>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function InvoiceScreen({ id }: { id: number }) {
  const { t } = useTranslation('invoices');
  const invoice = useInvoice(id);
  const attempt = useSearchParams()[0].get('payment');
  if (invoice.error instanceof ApiError && invoice.error.status === 404) return <NotFound />;
  const data = invoice.data;
  return (
    <div className="invoice-page">
      <p className="breadcrumb">
        <Link to={customerPages.invoices.href()}>{t('back')}</Link>
      </p>
      <header className="invoice-card-head">
        <h1 tabIndex={-1}>{data?.number ? t('number', { number: data.number }) : t('title')}</h1>
        {data && <StatusBadge status={data.overdue ? 'Overdue' : data.status} domain="invoice" />}
      </header>
      {attempt && UUID.test(attempt) && <PaymentReturn invoiceId={id} attempt={attempt} />}
      {data?.status === 'Void' && data.voidReason && <FormMessage kind="info">{t('voided', { reason: data.voidReason })}</FormMessage>}
      {data ? <Loaded invoice={data} /> : <QueryStatus query={invoice} ns="invoices" logAs={`Invoice ${id} could not be loaded:`} />}
    </div>
  );
}

function Loaded({ invoice }: { invoice: CustomerInvoice }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const number = invoice.number ?? String(invoice.id);
  return (
    <>
      <dl className="invoice-facts">
        <div>
          <dt>{t('workOrder')}</dt>
          <dd>
            {invoice.workOrderId ? (
              <Link to={customerPages.workOrder.href(invoice.workOrderId)}>{t('workOrderNumber', { id: invoice.workOrderId })}</Link>
            ) : (
              t('none')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('issued')}</dt>
          <dd>
            <time dateTime={invoice.issuedAt}>{formatDate(invoice.issuedAt, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('due')}</dt>
          <dd>
            <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('balanceDue')}</dt>
          <dd className="invoice-balance" data-testid="invoice-balance">
            {formatMoney(invoice.balanceDue, locale)}
          </dd>
        </div>
      </dl>
      <div className="invoice-actions">
        <PayNow invoiceId={invoice.id} number={number} balanceDue={invoice.balanceDue} />
        <InvoicePdfButton invoiceId={invoice.id} number={number} />
      </div>

      <section aria-labelledby="invoice-lines">
        <h2 id="invoice-lines">{t('lines')}</h2>
        <table className="invoice-table">
          <thead>
            <tr>
              <th scope="col">{t('description')}</th>
              <th scope="col" className="num">
                {t('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.position}>
                <td>{line.description}</td>
                <td className="num">{formatMoney(line.amount, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <Figure label={t('subtotal')} amount={invoice.subtotal} />
            {invoice.tax !== '0.00' && <Figure label={t('tax')} amount={invoice.tax} />}
            <Figure label={t('total')} amount={invoice.total} />
            <Figure label={t('paid')} amount={invoice.amountPaid} />
            <Figure label={t('balanceDue')} amount={invoice.balanceDue} />
          </tfoot>
        </table>
      </section>

      <section aria-labelledby="invoice-payments">
        <h2 id="invoice-payments">{t('payments')}</h2>
        {invoice.payments.length === 0 ? (
          <p className="muted">{t('noPayments')}</p>
        ) : (
          <table className="invoice-table invoice-payments">
            <thead>
              <tr>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('method')}</th>
                <th scope="col" className="reference">
                  {t('reference')}
                </th>
                <th scope="col" className="num">
                  {t('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    <time dateTime={p.receivedAt}>{formatDate(p.receivedAt, locale)}</time>
                  </td>
                  <td>
                    {t(`methods.${p.method}`)}
                    {p.refundedPaymentId !== null && ` · ${t('refund')}`}
                    {/* On a phone the Reference column folds in here, under the method (invoices.css). */}
                    {p.reference && <span className="payment-reference-inline">{p.reference}</span>}
                  </td>
                  <td className="reference">{p.reference ?? t('none')}</td>
                  <td className="num">{formatMoney(p.refundedPaymentId !== null ? `-${p.amount}` : p.amount, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );

  function Figure({ label, amount }: { label: string; amount: string }) {
    return (
      <tr>
        <th scope="row">{label}</th>
        <td className="num">{formatMoney(amount, locale)}</td>
      </tr>
    );
  }
}
