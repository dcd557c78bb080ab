import { useTranslation } from 'react-i18next';

export type BadgeColor = 'green' | 'yellow' | 'red' | 'grey';

/** Quotes: green when Approved, yellow otherwise (spec). */
export const quoteBadgeColor = (status: string): BadgeColor => (status === 'Approved' ? 'green' : 'yellow');

/** Work orders on their screen: Complete green, In Progress yellow, Cancelled red, otherwise grey (spec). */
export const workOrderBadgeColor = (status: string): BadgeColor =>
  status === 'Complete' ? 'green' : status === 'In Progress' ? 'yellow' : status === 'Cancelled' ? 'red' : 'grey';

/** Work orders on the dashboard: green when Complete, yellow otherwise (spec). */
export const dashboardWorkOrderBadgeColor = (status: string): BadgeColor => (status === 'Complete' ? 'green' : 'yellow');

/** A status in words (translated when we know the status; shown as stored otherwise) and colour. */
export function StatusBadge({ status, color }: { status: string; color: BadgeColor }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${color}`} data-color={color}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
