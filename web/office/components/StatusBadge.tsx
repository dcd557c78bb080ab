import { useTranslation } from 'react-i18next';

type BadgeColor = 'green' | 'yellow' | 'red' | 'grey';

/** The portal's colours, so the office and the customer see a status alike. */
const colors: Record<string, BadgeColor> = {
  Approved: 'green',
  Complete: 'green',
  'In Progress': 'yellow',
  Sent: 'yellow',
  'Revision Requested': 'yellow',
  Cancelled: 'red',
  Declined: 'red',
  Rejected: 'red',
};

/** A status in words (translated when known, as stored otherwise) and colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = colors[status] ?? 'grey';
  return (
    <span className={`badge ${color}`} data-color={color}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
