import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { cursorSchema } from './paging';
import { photoSchema } from '../customer/photos';

/**
 * The office Inbox (/office): what needs the office, newest first. Entries are written by database
 * triggers when the record appears (so rows put in with plain SQL arrive too) and stay until 'Done'.
 * 'quote_approved' and 'quote_declined' join with the quote issue; 'payment_refused' (an online payment the
 * provider took that could not count: more than the balance, or the invoice takes none) with payments.
 */
export const inboxKinds = [
  'work_request',
  'revision_request',
  'order_cancelled',
  'quote_approved',
  'quote_declined',
  'payment_refused',
] as const;
export type InboxKind = (typeof inboxKinds)[number];

export const inboxEntrySchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(inboxKinds),
  at: z.iso.datetime(),
  /** The record the entry opens: a work order or a quote. */
  record: z.object({ type: z.enum(['work_order', 'quote']), id: z.number().int().positive() }),
  /** The customer, when a customers row has the record's e-mail (customerId null otherwise). */
  customer: z.object({ id: z.number().int().positive().nullable(), name: z.string().nullable(), email: z.string() }),
  /** The order's description, the revision request's message, the cancel reason. */
  summary: z.string(),
  /** A work_request's photos (thumbnails at /api/office/work-order-photos/:id/thumbnail); absent for other kinds. */
  photos: z.array(photoSchema).optional(),
  /** The entry's action besides opening its record: a revision request on an approved quote is answered with a change order. */
  action: z.enum(['new_change_order']).optional(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxQuerySchema = z.object({
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const inboxPageSchema = z.object({ entries: z.array(inboxEntrySchema), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** Open entries only (not yet Done). */
export const listInbox = endpoint({ method: 'GET', path: '/api/office/inbox', query: inboxQuerySchema, response: inboxPageSchema });

/** 'Done': idempotent; audited. */
export const markInboxEntryDone = endpoint({
  method: 'POST',
  path: '/api/office/inbox/:id/done',
  params: idParams,
  response: z.object({ id: z.number().int().positive(), done: z.literal(true) }),
});
