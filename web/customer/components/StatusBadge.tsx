import { statusTone, type StatusTone } from '../../shared/status/status-tones';

/** The one status look of both apps lives in web/shared (status-tones.ts, components/StatusBadge.tsx). */
export { StatusBadge } from '../../shared/components/StatusBadge';
export type BadgeColor = StatusTone;

/** A quote's tone (the shared map). */
export const quoteBadgeColor = (status: string): BadgeColor => statusTone('quote', status);

/** A work order's tone (the shared map): the same on the dashboard and the Work Orders screen. */
export const workOrderBadgeColor = (status: string): BadgeColor => statusTone('workOrder', status);

/** The dashboard's work orders, kept for older callers: the same tone as everywhere (issue 14.2). */
export const dashboardWorkOrderBadgeColor = workOrderBadgeColor;
