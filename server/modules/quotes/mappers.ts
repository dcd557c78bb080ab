import type { DashboardQuote } from '../../../contracts/customer/dashboard';
import type { Quote } from '../../../contracts/customer/quotes';
import { moneyFromNumeric } from '../../../domain/money';
import { isoTime } from '../../platform/db/columns';

/** A status log entry as json_agg builds it: its timestamp is a string there. */
export interface RawHistoryEntry {
  status: string;
  timestamp: string;
}

interface QuoteRow {
  id: number;
  description: string | null;
  created_at: Date | string;
  total: string | number;
  status: string;
  history: RawHistoryEntry[];
}

export function toQuote(row: QuoteRow): Quote {
  return {
    id: Number(row.id),
    description: row.description ?? '',
    created_at: isoTime(row.created_at),
    total: moneyFromNumeric(row.total),
    status: row.status,
    history: row.history.map((entry) => ({ status: entry.status, timestamp: isoTime(entry.timestamp) })),
  };
}

/** The dashboard's short form: number, total and status. */
export const toQuoteSummary = (row: Pick<QuoteRow, 'id' | 'total' | 'status'>): DashboardQuote => ({
  id: Number(row.id),
  total: moneyFromNumeric(row.total),
  status: row.status,
});
