import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerInvoiceRow } from '../../../../contracts/customer/invoices';
import { customerPages } from '../../../../contracts/pages';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useInvoices } from './api/get-invoices';
import { InvoicePdfButton } from './InvoicePdfButton';
import { PayNow } from './PayNow';
import './invoices.css';

/** 'Invoices' (contract-spec §3): every issued invoice, newest first, with its balance, PDF and 'Pay now'. */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const invoices = useInvoices();
  const list = invoices.data?.invoices;
  const due = invoices.data && Number(invoices.data.balanceDue.replace('.', '')) > 0 ? invoices.data.balanceDue : null;
  return (
    <>
      <h1 tabIndex={-1}>{t('title')}</h1>
      {due && <p className="invoices-total-due">{t('totalDue', { amount: formatMoney(due, locale) })}</p>}
      <div aria-live="polite">
        <QueryStatus query={{ ...invoices, data: list }} ns="invoices" logAs="Invoices could not be loaded:" empty />
      </div>
      {list && list.length > 0 && (
        <ul className="list invoice-list" aria-label={t('title')}>
          {list.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceCard invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function InvoiceCard({ invoice }: { invoice: CustomerInvoiceRow }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const titleId = `invoice-${invoice.id}-title`;
  return (
    <article className="card invoice-card" aria-labelledby={titleId}>
      <div className="invoice-card-head">
        <h2 id={titleId}>
          <Link to={customerPages.invoice.href(invoice.id)}>{t('number', { number: invoice.number })}</Link>
        </h2>
        <StatusBadge status={invoice.overdue ? 'Overdue' : invoice.status} domain="invoice" />
      </div>
      <dl className="invoice-facts">
        <div>
          <dt>{t('workOrder')}</dt>
          <dd>{invoice.workOrderId ? t('workOrderNumber', { id: invoice.workOrderId }) : t('none')}</dd>
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
          <dt>{t('total')}</dt>
          <dd>{formatMoney(invoice.total, locale)}</dd>
        </div>
        <div>
          <dt>{t('balanceDue')}</dt>
          <dd className="invoice-balance">{formatMoney(invoice.balanceDue, locale)}</dd>
        </div>
      </dl>
      <div className="invoice-actions">
        <InvoicePdfButton invoiceId={invoice.id} number={invoice.number} />
        <PayNow invoiceId={invoice.id} number={invoice.number} balanceDue={invoice.balanceDue} />
      </div>
    </article>
  );
}
