import { useTranslation } from 'react-i18next';
import type { DashboardWorkOrder } from '../../../../contracts/customer/dashboard';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { customerPages } from '../../../../contracts/pages';
import { scheduleValues } from '../../../shared/schedule-text';
import { SummarySection } from './SummarySection';

export function ActiveWorkOrders({ orders }: { orders: DashboardWorkOrder[] }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const items = orders.map((order) => ({
    id: order.id,
    href: customerPages.workOrder.href(order.id),
    description: order.description,
    details: [
      // The day in the browser's time zone, as on the Work Orders screen (request_date is the UTC day).
      t('workOrders.requested', { date: formatDate(order.submitted_at, locale) }),
      ...(order.schedule ? [t('workOrders.scheduled', scheduleValues(order.schedule, locale, { keepTogether: true }))] : []),
    ],
    status: order.status,
  }));
  return (
    <SummarySection
      section="workOrders"
      domain="workOrder"
      headingId="active-work-orders-title"
      items={items}
      viewAll={customerPages.workOrders.href()}
    />
  );
}
