import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { useWorkOrders } from './api/get-work-orders';
import { CancelOrderDialog } from './CancelOrderDialog';
import { StatusFilter } from './StatusFilter';
import { useStatusFilter } from './use-status-filter';
import { WorkOrderCard, workOrderTitleId } from './WorkOrderCard';
import './work-orders.css';

/** The customer's work orders, newest first, filtered by status (kept in the URL). */
export function WorkOrdersPage() {
  const { t } = useTranslation('workOrders');
  const [filter, setFilter] = useStatusFilter();
  const orders = useWorkOrders(filter);
  const [confirming, setConfirming] = useState<WorkOrder | null>(null);
  const [focusAfterCancel, setFocusAfterCancel] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The Cancel Order button is gone once the order is cancelled: focus its heading instead
  // (or the page's, when the order left a filtered list).
  useEffect(() => {
    if (focusAfterCancel === null) return;
    (document.getElementById(workOrderTitleId(focusAfterCancel)) ?? headingRef.current)?.focus();
    setFocusAfterCancel(null);
  }, [focusAfterCancel]);

  const onCancelled = (order: WorkOrder) => {
    setConfirming(null);
    setFocusAfterCancel(order.id);
  };

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('title')}
      </h1>
      <StatusFilter value={filter} onChange={setFilter} />
      <div aria-live="polite" className="work-order-results">
        <QueryStatus query={orders} ns="workOrders" logAs="Work orders could not be loaded:" empty />
      </div>
      {orders.data && orders.data.length > 0 && (
        <ul className="list" aria-label={t('title')}>
          {orders.data.map((order) => (
            <li key={order.id}>
              <WorkOrderCard order={order} onCancel={setConfirming} />
            </li>
          ))}
        </ul>
      )}
      {confirming && <CancelOrderDialog order={confirming} onClose={() => setConfirming(null)} onCancelled={onCancelled} />}
    </>
  );
}
