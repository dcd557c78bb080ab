import type { DashboardQuote } from '../../../contracts/customer/dashboard';
import { moneyFromNumeric } from '../../../domain/money';

/** A status log entry as json_agg builds it: its timestamp is a string there. */
export interface RawHistoryEntry {
  status: string;
  timestamp: string;
}

interface QuoteRow {
  id: number;
  total: string;
  status: string;
}

/** The dashboard's short form: number, total and status. */
export const toQuoteSummary = (row: Pick<QuoteRow, 'id' | 'total' | 'status'>): DashboardQuote => ({
  id: Number(row.id),
  total: moneyFromNumeric(row.total),
  status: row.status,
});
