import { StatusBadge as SharedStatusBadge } from '../../shared/components/StatusBadge';
import type { StatusDomain } from '../../shared/status/status-tones';

/**
 * The one status look of both apps (web/shared/status/status-tones.ts): the office names whose status
 * it is, because the domains differ (a quote's Pending is yellow, a work order's grey; a status the
 * portal does not know is yellow on a quote, grey on a work order). In words, translated when known.
 */
export function StatusBadge({ status, domain }: { status: string; domain: StatusDomain }) {
  return <SharedStatusBadge status={status} domain={domain} />;
}
