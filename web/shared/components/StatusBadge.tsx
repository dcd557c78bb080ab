import { useTranslation } from 'react-i18next';
import { statusTone, type StatusDomain } from '../status/status-tones';

interface StatusBadgeProps {
  status: string;
  /**
   * Whose status it is (status-tones.ts). Give it: the domains share Pending, which is yellow on a quote
   * and grey on a work order, and a status neither knows is yellow on a quote, grey on a work order.
   */
  domain: StatusDomain;
}

/**
 * Both apps' status badge: a status in words (translated from the app's common `status.*` texts when known, as stored
 * otherwise) on its tone. data-color names the tone for tests and styles.
 */
export function StatusBadge({ status, domain }: StatusBadgeProps) {
  const { t } = useTranslation();
  const tone = statusTone(domain, status);
  return (
    <span className={`badge ${tone}`} data-color={tone} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
