import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { workOrderStatuses } from '../../../../domain/work-orders';
import type { OfficeWorkOrderRow } from '../../../../contracts/office/work-orders';
import { Field } from '../../../shared/components/Field';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { CustomerLink } from '../../components/CustomerLink';
import { LoadMore } from '../../components/LoadMore';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { StatusTabs } from '../../components/StatusTabs';
import { officePages } from '../../../../contracts/pages';
import { useSearchParam, useSetParams } from '../../lib/use-search-param';
import { useOfficeWorkOrders, workOrderFilterFrom } from './api/list-work-orders';
import { scheduleValues } from '../../../shared/schedule-text';

/**
 * 'Work Orders' (/office/work-orders): every customer's orders by status with counts, by request day
 * (the company's days) or visit day, searched by description, address, or the customer's name or
 * e-mail; each row with its visit when one is booked.
 */
export function WorkOrdersPage() {
  const { t } = useTranslation('workOrders');
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const [input, setInput] = useSearchParam();
  const filter = workOrderFilterFrom(params);
  const list = useOfficeWorkOrders(filter);
  const orders = list.data?.pages.flatMap((page) => page.workOrders) ?? [];

  return (
    <>
      <h1>{t('title')}</h1>
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
        <Field
          label={t('from')}
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => setParams({ from: e.target.value })}
        />
        <Field label={t('to')} type="date" value={filter.to ?? ''} min={filter.from} onChange={(e) => setParams({ to: e.target.value })} />
        <Field
          label={t('scheduledOn')}
          type="date"
          value={filter.scheduled ?? ''}
          onChange={(e) => setParams({ scheduled: e.target.value })}
        />
      </div>
      <StatusTabs
        label={t('status')}
        statuses={workOrderStatuses}
        counts={list.data?.pages[0]?.counts}
        value={filter.status ?? null}
        onChange={(status) => setParams({ status })}
      />
      <div aria-live="polite">
        <QueryStatus query={{ ...list, data: list.data && orders }} ns="workOrders" logAs="Office work orders could not be loaded:" empty />
      </div>
      {orders.length > 0 && (
        <ul className="list" aria-label={t('title')} aria-busy={list.isFetching && !list.isFetchingNextPage}>
          {orders.map((order) => (
            <li key={order.id}>
              <WorkOrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={list} />
    </>
  );
}

function WorkOrderRow({ order }: { order: OfficeWorkOrderRow }) {
  const { t } = useTranslation('workOrders');
  const locale = useLocale();
  return (
    <article className="card row-card">
      <div className="row-main">
        <h2>
          <Link to={officePages.workOrder.href(order.id)}>{t('item', { id: order.id })}</Link>
        </h2>
        <p>
          <CustomerLink customer={order.customer} hash={`work-order-${order.id}`} />
        </p>
        <p className="summary-text">{order.description}</p>
        <p className="muted">
          {order.address} · {t('submitted', { date: formatDate(order.submittedAt, locale) })}
        </p>
        {order.schedule && <p>{t('scheduled', scheduleValues(order.schedule, locale))}</p>}
      </div>
      <StatusBadge status={order.status} domain="workOrder" />
    </article>
  );
}
