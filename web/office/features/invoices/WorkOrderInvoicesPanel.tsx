import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { officePages } from '../../../../contracts/pages';
import { ApiError } from '../../../shared/api/client';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { invoiceIdFrom, useWorkOrderInvoices } from './api/invoices';
import { invoiceName, shownStatus } from './invoice-view';
import { NewInvoiceDialog } from './NewInvoiceDialog';
import './invoices.css';

/** Under the office's work order page (composed by the router): its invoices, the contract's figures and 'New invoice'. */
export function WorkOrderInvoicesSection() {
  const id = invoiceIdFrom(useParams().id);
  return id === null ? null : <WorkOrderInvoicesPanel workOrderId={id} />;
}

export function WorkOrderInvoicesPanel({ workOrderId }: { workOrderId: number }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const headingId = useId();
  const query = useWorkOrderInvoices(workOrderId);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const data = query.data;
  // No such order: the order's page above says so.
  if (query.error instanceof ApiError && query.error.status === 404) return null;

  return (
    <section className="card section work-order-invoices" aria-labelledby={headingId} data-testid="office-work-order-invoices">
      <div className="section-head">
        <h2 id={headingId}>{t('workOrder.title')}</h2>
        {data?.contractTotal != null && (
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            {t('new.button')}
          </button>
        )}
      </div>
      {query.isPending && <p aria-busy="true">{t('workOrder.loading')}</p>}
      {query.isError && (
        <div className="form-message error load-error" role="alert">
          <span>{t('workOrder.loadFailed')}</span>
          <button type="button" className="button secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {data && (
        <>
          {data.contractTotal == null ? (
            <p className="muted">{t('workOrder.noContract')}</p>
          ) : (
            <dl className="contract-figures">
              <div data-testid="work-order-contract-total">
                <dt>{t('workOrder.contractTotal')}</dt>
                <dd>{formatMoney(data.contractTotal, locale)}</dd>
              </div>
              <div data-testid="work-order-invoiced">
                <dt>{t('workOrder.invoiced')}</dt>
                <dd>{formatMoney(data.invoiced, locale)}</dd>
              </div>
              <div data-testid="work-order-remaining">
                <dt>{t('workOrder.remaining')}</dt>
                <dd>{formatMoney(data.remaining, locale)}</dd>
              </div>
            </dl>
          )}
          {data.invoices.length === 0 ? (
            <p className="muted">{t('workOrder.none')}</p>
          ) : (
            <ul className="invoice-rows">
              {data.invoices.map((invoice) => (
                <li key={invoice.id}>
                  <Link to={officePages.invoice.href(invoice.id)}>{invoiceName(t, invoice)}</Link>{' '}
                  <span className="muted">{t(`kind.${invoice.kind}`, { defaultValue: invoice.kind })}</span>{' '}
                  <span>{formatMoney(invoice.total, locale)}</span> <StatusBadge status={shownStatus(invoice)} domain="invoice" />
                </li>
              ))}
            </ul>
          )}
          {creating && data.contractTotal != null && (
            <NewInvoiceDialog
              workOrderId={workOrderId}
              contractTotal={data.contractTotal}
              remaining={data.remaining}
              onClose={() => setCreating(false)}
              onCreated={(invoice) => void navigate(officePages.invoice.href(invoice.id), { state: { created: true } })}
            />
          )}
        </>
      )}
    </section>
  );
}
