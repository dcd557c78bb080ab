import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, moneySchema } from '../fields';
import { customerText } from '../text';

/**
 * The quotes API (GET /api/quotes, POST /api/quotes/:id/revision-requests), shared by server and web.
 *
 * Money: `total` is a decimal string with exactly two decimals ("1234.50"), as PostgreSQL's
 * numeric(12,2) gives it. It never passes through a float on the server, so cents stay exact;
 * the browser formats it with Intl (formatMoney) and the PDF prints it with 2 decimals (domain/money.ts).
 * Times are ISO 8601 strings in UTC.
 */
export const quoteStatusEntrySchema = z.object({
  status: z.string(),
  timestamp: z.iso.datetime(),
});
export type QuoteStatusEntry = z.infer<typeof quoteStatusEntrySchema>;

export const quoteSchema = z.object({
  id: z.number().int().positive(),
  /** Empty when the office left it blank. */
  description: z.string(),
  created_at: z.iso.datetime(),
  total: moneySchema,
  status: z.string(),
  /** The quote's status log, oldest first; empty when it has no entries. */
  history: z.array(quoteStatusEntrySchema),
});
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/quotes: the signed-in customer's quotes, newest created first. */
export const quoteListSchema = z.object({ quotes: z.array(quoteSchema) });
export type QuoteList = z.infer<typeof quoteListSchema>;

export const REVISION_MESSAGE_MAX_LENGTH = 2000;

/** POST /api/quotes/:id/revision-requests body. */
export const revisionRequestSchema = z.object({
  message: customerText(
    { required: 'Please describe the changes you need.', tooLong: `The message can be at most ${REVISION_MESSAGE_MAX_LENGTH} characters.` },
    REVISION_MESSAGE_MAX_LENGTH,
  ),
});
export type RevisionRequest = z.infer<typeof revisionRequestSchema>;

/** 201 answer to a revision request. */
export const revisionRequestCreatedSchema = z.object({
  id: z.number().int().positive(),
  quoteId: z.number().int().positive(),
  requestedAt: z.iso.datetime(),
});
export type RevisionRequestCreated = z.infer<typeof revisionRequestCreatedSchema>;

/** The customer's quotes with their status history, in one request. */
export const listQuotes = endpoint({ method: 'GET', path: '/api/quotes', response: quoteListSchema });

/** Stores a revision request and e-mails the office, in one transaction. */
export const requestQuoteRevision = endpoint({
  method: 'POST',
  path: '/api/quotes/:id/revision-requests',
  params: idParams,
  body: revisionRequestSchema,
  response: revisionRequestCreatedSchema,
});
