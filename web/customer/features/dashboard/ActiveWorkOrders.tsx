import { useTranslation } from 'react-i18next';
import type { DashboardWorkOrder } from '../../../../contracts/customer/dashboard';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { dashboardWorkOrderBadgeColor } from '../../components/StatusBadge';
import { paths } from '../../lib/paths';
import { SummarySection } from './SummarySection';

export function ActiveWorkOrders({ orders }: { orders: DashboardWorkOrder[] }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const items = orders.map((order) => ({
    id: order.id,
    // The day in the browser's time zone, as on the Work Orders screen (request_date is the UTC day).
    detail: t('workOrders.requested', { date: formatDate(order.submitted_at, locale) }),
    status: order.status,
    color: dashboardWorkOrderBadgeColor(order.status),
  }));
  return <SummarySection section="workOrders" headingId="active-work-orders-title" items={items} viewAll={paths.workOrders} />;
}
