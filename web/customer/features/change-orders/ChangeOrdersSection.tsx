import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useContract, type ContractSource } from './api/change-orders';
import { ChangeOrderCard } from './ChangeOrderCard';
import './change-orders.css';

const idFrom = (param: string | undefined) => (param && /^\d+$/.test(param) ? Number(param) : null);

/** Below the quote's page (/quotes/:id): its contract total and change orders. */
export function QuoteChangeOrders() {
  const id = idFrom(useParams().id);
  return id === null ? null : <ChangeOrdersSection source={{ quoteId: id }} />;
}

/** Below the work order's page (/work-orders/:id): the contract of the quote it was made from. */
export function WorkOrderChangeOrders() {
  const id = idFrom(useParams().id);
  return id === null ? null : <ChangeOrdersSection source={{ workOrderId: id }} />;
}

/**
 * 'Change orders': the contract total (signed total + approved change orders, as the database says)
 * and each change order with what it changes. Nothing while the quote is not approved, and nothing
 * when the record is not the customer's (its own page already says not found).
 */
export function ChangeOrdersSection({ source }: { source: ContractSource }) {
  const { t } = useTranslation('changeOrders');
  const locale = useLocale();
  const headingId = useId();
  const contract = useContract(source);
  if (contract.isPending)
    return (
      <p className="change-orders-loading" aria-busy="true">
        {t('loading')}
      </p>
    );
  if (contract.isError) {
    return (
      <p className="form-message error" role="alert">
        {t('loadFailed')}{' '}
        <button type="button" className="button link" onClick={() => void contract.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  const data = contract.data;
  if (!data || data.contractTotal === null) return null;
  return (
    <section className="change-orders" aria-labelledby={headingId} data-testid="change-orders">
      <h2 id={headingId}>{t('title')}</h2>
      <p className="contract-total" data-testid="contract-total">
        {t('contractTotalNow', { total: formatMoney(data.contractTotal, locale) })}
      </p>
      {data.changeOrders.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ul className="change-order-list">
          {data.changeOrders.map((order) => (
            <li key={order.id}>
              <ChangeOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
