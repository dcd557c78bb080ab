import { useTranslation } from 'react-i18next';

interface StatusTabsProps {
  /** The group's name for assistive technology (e.g. "Status"). */
  label: string;
  statuses: readonly string[];
  /** How many records each status has under the other filters; the All tab shows their sum. */
  counts: Record<string, number> | undefined;
  value: string | null;
  onChange: (status: string | null) => void;
}

/** A status filter as a row of toggle buttons with counts ("Sent 4"); 'All' clears it. Wraps on a phone. */
export function StatusTabs({ label, statuses, counts, value, onChange }: StatusTabsProps) {
  const { t } = useTranslation();
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const tab = (status: string | null, text: string, count: number | undefined) => (
    <button key={status ?? ''} type="button" className="status-tab" aria-pressed={value === status} onClick={() => onChange(status)}>
      {text}
      {count !== undefined && <span className="status-count">{count}</span>}
    </button>
  );
  return (
    <div className="status-tabs" role="group" aria-label={label}>
      {tab(null, t('all'), total)}
      {statuses.map((status) => tab(status, t(`status.${status}`, { defaultValue: status }), counts ? (counts[status] ?? 0) : undefined))}
    </div>
  );
}
