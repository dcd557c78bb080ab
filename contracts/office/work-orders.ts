import { z } from 'zod';
import { endpoint } from '../endpoint';
import { workOrderStatusSchema } from '../customer/work-orders';
import { cursorSchema } from './paging';
import { dayFilter, recordCustomerSchema } from './record-lists';

/** The office's Work Orders screen (/office/work-orders): by status with counts, by date, searchable. */
export const officeWorkOrderListQuerySchema = z.object({
  status: workOrderStatusSchema.optional(),
  /** Matches the description, the address or the customer's e-mail. */
  q: z.string().trim().max(100).optional(),
  /** Inclusive days of request_date (the day the order was submitted, UTC). */
  from: dayFilter.optional(),
  to: dayFilter.optional(),
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type OfficeWorkOrderListQuery = z.input<typeof officeWorkOrderListQuerySchema>;

export const officeWorkOrderRowSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  address: z.string(),
  status: workOrderStatusSchema,
  submittedAt: z.iso.datetime(),
  customer: recordCustomerSchema,
});
export type OfficeWorkOrderRow = z.infer<typeof officeWorkOrderRowSchema>;

export const officeWorkOrderPageSchema = z.object({
  workOrders: z.array(officeWorkOrderRowSchema),
  /** Orders per status under the search and date filters (not the status filter), for the tabs. */
  counts: z.object({ Pending: z.number(), 'In Progress': z.number(), Complete: z.number(), Cancelled: z.number() }),
  nextCursor: z.string().nullable(),
});
export type OfficeWorkOrderPage = z.infer<typeof officeWorkOrderPageSchema>;

export const listOfficeWorkOrders = endpoint({
  method: 'GET',
  path: '/api/office/work-orders',
  query: officeWorkOrderListQuerySchema,
  response: officeWorkOrderPageSchema,
});
