import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { isCancellable } from '../../../../domain/work-orders';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { formatDate } from '../../../shared/format';
import { customerPages } from '../../../../contracts/pages';
import { DownloadSummaryButton } from './DownloadSummaryButton';
import { scheduleValues } from '../../../shared/schedule-text';
import { shownSchedule } from './shown-schedule';
import { useAccountRole } from '../../components/account-role';

export const workOrderTitleId = (id: number) => `work-order-${id}-title`;

/**
 * One order: number (a link to its page), status, description, address, submitted date; when there are,
 * the schedule and the quote it was made from ('From Quote #{id}', a link to the quote), in the order
 * page's order; and its actions.
 */
export function WorkOrderCard({ order, onCancel }: { order: WorkOrder; onCancel: (order: WorkOrder) => void }) {
  const { t } = useTranslation('workOrders');
  const locale = useLocale();
  const schedule = shownSchedule(order);
  const viewOnly = useAccountRole() === 'view_only';
  return (
    <article className="card work-order" aria-labelledby={workOrderTitleId(order.id)}>
      <header className="work-order-header">
        {/* Focusable so focus has somewhere to land once the order is cancelled and its button is gone. */}
        <h2 id={workOrderTitleId(order.id)} tabIndex={-1}>
          <Link to={customerPages.workOrder.href(order.id)}>{t('item', { id: order.id })}</Link>
        </h2>
        <StatusBadge status={order.status} domain="workOrder" />
      </header>
      <p className="work-order-description">{order.description}</p>
      <dl className="work-order-facts">
        <div>
          <dt>{t('address')}</dt>
          <dd>{order.address}</dd>
        </div>
        <div>
          <dt>{t('submitted')}</dt>
          <dd>
            <time dateTime={order.submitted_at}>{formatDate(order.submitted_at, locale)}</time>
          </dd>
        </div>
      </dl>
      {schedule && <p className="work-order-schedule">{t('scheduled', scheduleValues(schedule, locale))}</p>}
      {order.quoteId != null && (
        <p className="work-order-quote">
          <Link to={customerPages.quote.href(order.quoteId)}>{t('fromQuote', { id: order.quoteId })}</Link>
        </p>
      )}
      <div className="actions">
        {isCancellable(order.status) && !viewOnly && (
          <button type="button" className="button danger" onClick={() => onCancel(order)}>
            {t('cancel')}
          </button>
        )}
        <DownloadSummaryButton order={order} />
      </div>
    </article>
  );
}
