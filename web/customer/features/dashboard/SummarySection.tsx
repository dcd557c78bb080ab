import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import type { StatusDomain } from '../../../shared/status/status-tones';

export interface SummaryItem {
  id: number;
  /** The record's own page (/quotes/:id, /work-orders/:id). */
  href: string;
  /** What the job is (shortened by the API); absent in answers older than it. */
  description?: string | undefined;
  /** The lines under it: its total, or the day it was requested and when the company comes. */
  details: string[];
  status: string;
}

interface SummarySectionProps {
  /** The section's keys in the dashboard namespace: `${section}.title`, `.empty`, `.item`, `.viewAll`. */
  section: 'quotes' | 'workOrders';
  domain: StatusDomain;
  headingId: string;
  items: SummaryItem[];
  /** The screen with the full list. */
  viewAll: string;
}

/**
 * One of the dashboard's two cards: its title, its newest items (or the empty line) and the link to
 * the full list. Each item is one link to its record, at least 44 px tall (a finger on a phone).
 */
export function SummarySection({ section, domain, headingId, items, viewAll }: SummarySectionProps) {
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
              <Link to={item.href} className="summary-link">
                <span className="summary-head">
                  <strong className="summary-title">{t(`${section}.item`, { id: item.id })}</strong>
                  <StatusBadge status={item.status} domain={domain} />
                </span>
                {item.description && <span className="summary-description">{item.description}</span>}
                {item.details.map((line) => (
                  <span key={line} className="summary-detail">
                    {line}
                  </span>
                ))}
              </Link>
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
