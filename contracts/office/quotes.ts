import { z } from 'zod';
import { endpoint } from '../endpoint';
import { moneySchema } from '../fields';
import { cursorSchema } from './paging';
import { recordCustomerSchema } from './record-lists';

/**
 * The office's Quotes screen (/office/quotes): every customer's quotes, newest first, filtered by
 * status. `status` is free text in the database (quotes put in with SQL may carry any), so the
 * filter is too; the screen offers the spec's statuses.
 */
export const officeQuoteStatuses = ['Draft', 'Sent', 'Revision Requested', 'Approved', 'Declined', 'Expired'] as const;

export const officeQuoteListQuerySchema = z.object({
  status: z.string().trim().min(1).max(40).optional(),
  /** Matches the description or the customer's e-mail. */
  q: z.string().trim().max(100).optional(),
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const officeQuoteRowSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  status: z.string(),
  total: moneySchema,
  createdAt: z.iso.datetime(),
  customer: recordCustomerSchema,
});
export type OfficeQuoteRow = z.infer<typeof officeQuoteRowSchema>;

export const officeQuotePageSchema = z.object({
  quotes: z.array(officeQuoteRowSchema),
  /** How many quotes have each status under the search (not the status filter), for the tabs. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  nextCursor: z.string().nullable(),
});
export type OfficeQuotePage = z.infer<typeof officeQuotePageSchema>;

export const listOfficeQuotes = endpoint({
  method: 'GET',
  path: '/api/office/quotes',
  query: officeQuoteListQuerySchema,
  response: officeQuotePageSchema,
});
