import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { officePages } from '../../../../contracts/pages';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { changeOrderErrorText as errorText } from './change-order-errors';
import { changeOrderIdFrom, useCreateChangeOrder, useOfficeContract, type ContractSource } from './api/change-orders';
import './change-orders.css';

/** Under the office's quote page: the contract total and the quote's change orders. */
export function QuoteChangeOrdersPanel() {
  const id = changeOrderIdFrom(useParams().id);
  return id === null ? null : <ChangeOrdersPanel source={{ quoteId: id }} />;
}

/** Under the office's work order page: the contract of the quote it was made from. */
export function WorkOrderChangeOrdersPanel() {
  const id = changeOrderIdFrom(useParams().id);
  return id === null ? null : <ChangeOrdersPanel source={{ workOrderId: id }} />;
}

/** 'Change orders': the contract total (one definition, the database's), each change order, and 'New change order'. */
export function ChangeOrdersPanel({ source }: { source: ContractSource }) {
  const { t } = useTranslation('changeOrders');
  const locale = useLocale();
  const headingId = useId();
  const navigate = useNavigate();
  const contract = useOfficeContract(source);
  const create = useCreateChangeOrder();
  if (contract.isPending) return <p aria-busy="true">{t('loading')}</p>;
  if (contract.isError) {
    return (
      <p className="form-message error" role="alert">
        {t('loadFailed')}
      </p>
    );
  }
  const data = contract.data;
  if (!data || data.contractTotal === null) return null;
  const startNew = () => create.mutate(source, { onSuccess: ({ id }) => void navigate(officePages.changeOrder.href(id)) });
  return (
    <section className="section change-orders-panel" aria-labelledby={headingId} data-testid="office-change-orders">
      <div className="section-head">
        <h2 id={headingId}>{t('title')}</h2>
        <button type="button" className="button primary" onClick={startNew} disabled={create.isPending} aria-busy={create.isPending}>
          {t('new')}
        </button>
      </div>
      <p className="contract-total" data-testid="office-contract-total">
        {t('contractTotalNow', { total: formatMoney(data.contractTotal, locale) })}{' '}
        {data.signedTotal && <span className="muted">({t('signedTotal', { total: formatMoney(data.signedTotal, locale) })})</span>}
      </p>
      {create.isError && (
        <p className="form-message error" role="alert">
          {errorText(t, create.error)}
        </p>
      )}
      {data.changeOrders.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ul className="change-order-rows">
          {data.changeOrders.map((order) => (
            <li key={order.id}>
              <Link to={officePages.changeOrder.href(order.id)}>{t('orderTitle', { n: order.number, id: order.quoteId })}</Link>{' '}
              <StatusBadge status={order.status} domain="quote" /> <span>{formatMoney(order.amount, locale)}</span>
              {order.status === 'Sent' && order.outdated && <span className="muted"> · {t('outdatedShort')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
