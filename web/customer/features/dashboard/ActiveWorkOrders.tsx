import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardWorkOrder } from '../../../../contracts/customer/dashboard';
import { useLocale } from '../../../shared/i18n/use-locale';
import { dashboardWorkOrderBadgeColor, StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../../shared/format';
import { paths } from '../../lib/paths';

export function ActiveWorkOrders({ orders }: { orders: DashboardWorkOrder[] }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return (
    <section className="card" aria-labelledby="active-work-orders-title">
      <h2 id="active-work-orders-title">{t('workOrders.title')}</h2>
      {orders.length === 0 ? (
        <p className="muted">{t('workOrders.empty')}</p>
      ) : (
        <ul className="list summary-list">
          {orders.map((order) => (
            <li key={order.id} className="summary-item">
              <div>
                <strong>{t('workOrders.item', { id: order.id })}</strong>
                {/* The day in the browser's time zone, as on the Work Orders screen (request_date is the UTC day). */}
                <div>{t('workOrders.requested', { date: formatDate(order.submitted_at, locale) })}</div>
              </div>
              <StatusBadge status={order.status} color={dashboardWorkOrderBadgeColor(order.status)} />
            </li>
          ))}
        </ul>
      )}
      <p className="section-link">
        <Link to={paths.workOrders}>{t('workOrders.viewAll')}</Link>
      </p>
    </section>
  );
}
