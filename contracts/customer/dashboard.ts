import { z } from 'zod';
import { endpoint } from '../endpoint';
import { moneySchema } from '../fields';
import { workOrderScheduleSchema, workOrderStatusSchema } from './work-orders';

export const DASHBOARD_QUOTES_LIMIT = 5;
export const DASHBOARD_WORK_ORDERS_LIMIT = 5;
/** A dashboard row says what the job is in at most this many characters (cut at a word, with '…'). */
export const DASHBOARD_DESCRIPTION_MAX = 120;

/** What the job is, shortened for a dashboard row; optional in the type for answers and fixtures older than it. */
const rowDescription = z
  .string()
  .max(DASHBOARD_DESCRIPTION_MAX + 1)
  .optional();

export const dashboardQuoteSchema = z.object({
  id: z.number(),
  /** Dollars with exactly two decimals ("1234.50"), the same exact string as the quotes API. */
  total: moneySchema,
  status: z.string(),
  description: rowDescription,
});

export const dashboardWorkOrderSchema = z.object({
  id: z.number(),
  /** YYYY-MM-DD: the UTC date the order was submitted (the database's generated column). */
  request_date: z.string(),
  /** ISO 8601 in UTC: when the order was submitted. The page shows its date in the browser's time zone. */
  submitted_at: z.iso.datetime(),
  status: workOrderStatusSchema,
  /** As on the Work Orders screen (contracts/customer/work-orders.ts): always sent, null when none. */
  schedule: workOrderScheduleSchema.nullable().optional(),
  quoteId: z.number().nullable().optional(),
  description: rowDescription,
});

/** GET /api/dashboard: everything the dashboard shows, in one response. */
export const dashboardSchema = z.object({
  recentQuotes: z.array(dashboardQuoteSchema),
  activeWorkOrders: z.array(dashboardWorkOrderSchema),
  /** Whether the customer has any quote or work order at all (only a new customer is welcomed). */
  hasRecords: z.boolean().optional(),
  /**
   * What is due on the customer's issued invoices (Sent or Partially Paid), "0.00" when nothing: the
   * dashboard says 'Balance due: {amount}' when above 0 (contract-spec §3). Optional for older fixtures.
   */
  balanceDue: moneySchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardQuote = z.infer<typeof dashboardQuoteSchema>;
export type DashboardWorkOrder = z.infer<typeof dashboardWorkOrderSchema>;

export const getDashboard = endpoint({ method: 'GET', path: '/api/dashboard', response: dashboardSchema });
