import { z } from 'zod';
import { workOrderStatusSchema } from './work-orders';

export const DASHBOARD_QUOTES_LIMIT = 5;
export const DASHBOARD_WORK_ORDERS_LIMIT = 5;

export const dashboardQuoteSchema = z.object({
  id: z.number(),
  /** Dollars with cents. */
  total: z.number(),
  status: z.string(),
});

export const dashboardWorkOrderSchema = z.object({
  id: z.number(),
  /** YYYY-MM-DD: the date the order was submitted. */
  request_date: z.string(),
  status: workOrderStatusSchema,
});

/** GET /api/dashboard: everything the dashboard shows, in one response. */
export const dashboardSchema = z.object({
  recentQuotes: z.array(dashboardQuoteSchema),
  activeWorkOrders: z.array(dashboardWorkOrderSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardQuote = z.infer<typeof dashboardQuoteSchema>;
export type DashboardWorkOrder = z.infer<typeof dashboardWorkOrderSchema>;
