import { useTranslation } from 'react-i18next';
import { statusTone, type StatusDomain, type StatusTone } from '../status/status-tones';

interface StatusBadgeProps {
  status: string;
  /**
   * Whose status it is (status-tones.ts). Give it: the domains share Pending, which is yellow on a quote
   * and grey on a work order, and a status neither knows is yellow on a quote, grey on a work order.
   * Without it a work order's tone wins.
   */
  domain?: StatusDomain;
  /** @deprecated A tone from quoteBadgeColor / workOrderBadgeColor, which read the same map; pass domain instead. */
  color?: StatusTone;
}

/**
 * A status in words (translated from the app's common `status.*` texts when known, as stored
 * otherwise) on its tone. data-color names the tone for tests and styles.
 */
export function StatusBadge({ status, domain, color }: StatusBadgeProps) {
  const { t } = useTranslation();
  const tone = color ?? statusTone(domain, status);
  return (
    <span className={`badge ${tone}`} data-color={tone} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
