import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge, type BadgeColor } from '../../components/StatusBadge';

export interface SummaryItem {
  id: number;
  /** The line under the item's number (its total, or the day it was requested). */
  detail: string;
  status: string;
  color: BadgeColor;
}

interface SummarySectionProps {
  /** The section's keys in the dashboard namespace: `${section}.title`, `.empty`, `.item`, `.viewAll`. */
  section: 'quotes' | 'workOrders';
  headingId: string;
  items: SummaryItem[];
  /** The screen with the full list. */
  viewAll: string;
}

/** One of the dashboard's two cards: its title, its newest items (or the empty line) and the link to the full list. */
export function SummarySection({ section, headingId, items, viewAll }: SummarySectionProps) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`${section}.title`)}</h2>
      {items.length === 0 ? (
        <p className="muted">{t(`${section}.empty`)}</p>
      ) : (
        <ul className="list summary-list">
          {items.map((item) => (
            <li key={item.id} className="summary-item">
              <div>
                <strong>{t(`${section}.item`, { id: item.id })}</strong>
                <div>{item.detail}</div>
              </div>
              <StatusBadge status={item.status} color={item.color} />
            </li>
          ))}
        </ul>
      )}
      <p className="section-link">
        <Link to={viewAll}>{t(`${section}.viewAll`)}</Link>
      </p>
    </section>
  );
}
