import { z } from 'zod';
import { placeSchema } from '../customer/properties';
import { endpoint } from '../endpoint';
import { firstAmountTooLarge, MONEY_INPUT_PATTERN, QUANTITY_PATTERN, TAX_RATE_PATTERN, toUnits } from '../../domain/money';
import { calendarDay, idParams, moneySchema } from '../fields';
import { photoSchema } from '../customer/photos';
import { quoteDecisionSchema, quoteVersionSchema } from '../quote-document';
import { cursorSchema } from './paging';
import { actingPersonSchema } from './people';
import { recordCustomerSchema } from './record-lists';

/**
 * The office's Quotes screen (/office/quotes): every customer's quotes, newest first, filtered by
 * status. `status` is free text in the database (quotes put in with SQL may carry any), so the
 * filter is too; the screen offers the spec's statuses.
 */
export const officeQuoteStatuses = ['Draft', 'Sent', 'Revision Requested', 'Approved', 'Declined', 'Expired'] as const;

export const officeQuoteListQuerySchema = z.object({
  status: z.string().trim().min(1).max(40).optional(),
  /** Matches the description, the e-mail, or the customer's name, phone, address or account # (accent-blind). */
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
  /** The address of the property it is for (contract-spec §4: lists show it); null when none. Optional for older fixtures. */
  address: z.string().nullable().optional(),
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

/* ---- One quote: create, read, save the draft, send, new version (office-spec section 3) ---- */

const OFFICE_TEXT_MAX = 4000;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const officeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL_CHARACTERS.test(s), 'contains characters that cannot be stored');

/** A line as the editor sends it; `key` carries the line over from the version it was copied from. */
export const quoteLineInputSchema = z.object({
  key: z.uuid().optional(),
  description: officeText(500).pipe(z.string().min(1, 'Each line needs a description.')),
  quantity: z
    .string()
    .trim()
    .regex(QUANTITY_PATTERN, 'Quantity: a number with at most 2 decimals.')
    .refine((q) => !QUANTITY_PATTERN.test(q) || toUnits(q, 2) > 0n, 'Quantity must be more than 0.'),
  unitPrice: z.string().trim().regex(MONEY_INPUT_PATTERN, 'Unit price: dollars with at most 2 decimals.'),
  optional: z.boolean().default(false),
});
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

const draftFields = {
  description: officeText(OFFICE_TEXT_MAX).default(''),
  lines: z.array(quoteLineInputSchema).max(200, 'At most 200 lines.').default([]),
  taxRate: z
    .string()
    .trim()
    .regex(TAX_RATE_PATTERN, 'Tax rate: a percent with at most 3 decimals.')
    .refine((r) => !TAX_RATE_PATTERN.test(r) || toUnits(r, 3) <= 100_000n, 'Tax rate: at most 100 %.')
    .default('0'),
  validUntil: calendarDay('Valid until: a date like 2026-11-23.').nullable().default(null),
  terms: officeText(10_000).default(''),
  /**
   * 'Deposit' / 'Depósito': a whole percentage of the total, 0-100 (0 = none), invoiced and sent at
   * approval. Absent: a new quote takes DEFAULT_DEPOSIT_PERCENT, a saved draft keeps its own.
   */
  depositPercent: z.coerce
    .number()
    .int('Deposit: a whole percentage.')
    .min(0, 'Deposit: 0 to 100 %.')
    .max(100, 'Deposit: 0 to 100 %.')
    .optional(),
};

type DraftShape = { lines: { key?: string | undefined; quantity: string; unitPrice: string; optional: boolean }[]; taxRate: string };
const draftRules = (draft: DraftShape, ctx: z.core.$RefinementCtx) => {
  const keys = draft.lines.flatMap((l) => (l.key ? [l.key] : []));
  if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Each line key may appear once.' });
  // Only once every figure is well formed (zod runs this refinement after non-fatal field issues too).
  const wellFormed = (value: unknown, pattern: RegExp) => typeof value === 'string' && pattern.test(value);
  if (!wellFormed(draft.taxRate, TAX_RATE_PATTERN)) return;
  if (!draft.lines.every((l) => wellFormed(l.quantity, QUANTITY_PATTERN) && wellFormed(l.unitPrice, MONEY_INPUT_PATTERN))) return;
  const tooLarge = firstAmountTooLarge(draft.lines, draft.taxRate);
  if (tooLarge) ctx.addIssue({ code: 'custom', path: ['lines'], message: `The amount ${tooLarge} is too large.` });
};

/** POST /api/office/quotes/:id/draft body: replaces the draft version's content. */
export const quoteDraftSchema = z.object(draftFields).superRefine(draftRules);
export type QuoteDraftInput = z.input<typeof quoteDraftSchema>;
export type QuoteDraft = z.output<typeof quoteDraftSchema>;

/** POST /api/office/quotes body: 'New quote' for a customer (customers.id), saved as draft version 1. */
export const createQuoteSchema = z.object({ customerId: z.number().int().positive(), ...draftFields }).superRefine(draftRules);

export const officeQuoteVersionSchema = quoteVersionSchema.extend({
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  contentHash: z.string().nullable(),
});

export const officeQuoteDecisionSchema = quoteDecisionSchema.extend({
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The account's person who approved or declined (quote_approvals.person_id); optional for older fixtures. */
  person: actingPersonSchema.nullable().optional(),
});

export const officeRevisionRequestSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  message: z.string(),
  requestedAt: z.iso.datetime(),
  answer: z.string().nullable().default(null),
  answeredAt: z.iso.datetime().nullable().default(null),
  /** The account's person who asked (quote_requests.person_id); optional for older fixtures. */
  person: actingPersonSchema.nullable().optional(),
});

export const quoteRequestOrderSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  address: z.string(),
  status: z.string(),
  submittedAt: z.iso.datetime(),
  photos: z.array(photoSchema),
});

/** GET /api/office/quotes/:id: the quote with every version, its decisions and its timeline. */
export const officeQuoteSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  status: z.string(),
  total: moneySchema,
  createdAt: z.iso.datetime(),
  customer: recordCustomerSchema,
  /** The version the customer sees; null until the first is sent (and for quotes put in with SQL). */
  currentVersion: z.number().int().positive().nullable(),
  /** The version being written, if any. */
  draftVersion: z.number().int().positive().nullable(),
  validUntil: z.string().nullable(),
  /** When the customer first opened the current version ('Viewed {date}'). */
  viewedAt: z.iso.datetime().nullable(),
  remindersSent: z.number().int().nonnegative(),
  /** Oldest first. */
  versions: z.array(officeQuoteVersionSchema),
  decisions: z.array(officeQuoteDecisionSchema),
  /** quote_status_log, oldest first. */
  timeline: z.array(z.object({ status: z.string(), timestamp: z.iso.datetime() })),
  /** The work order made from this quote ('Create work order'), if any. */
  workOrderId: z.number().int().positive().nullable().default(null),
  /** The customer's revision requests (quote_requests), oldest first, with the office's answer if any. */
  revisionRequests: z.array(officeRevisionRequestSchema).default([]),
  /** The work request this quote answers ('Create quote' on a request): its address, words and photos. */
  request: quoteRequestOrderSchema.nullable().default(null),
  /** The property it is for (contract-spec §4); null until the office picks one, and for quotes put in with SQL. */
  property: placeSchema.nullable().optional(),
});
export type OfficeQuote = z.infer<typeof officeQuoteSchema>;

export const createOfficeQuote = endpoint({
  method: 'POST',
  path: '/api/office/quotes',
  body: createQuoteSchema,
  response: officeQuoteSchema,
});
export const getOfficeQuote = endpoint({ method: 'GET', path: '/api/office/quotes/:id', params: idParams, response: officeQuoteSchema });
export const saveOfficeQuoteDraft = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/draft',
  params: idParams,
  body: quoteDraftSchema,
  response: officeQuoteSchema,
});
/** Freezes the draft version, makes it current, sets the quote Sent and e-mails the customer. */
export const sendOfficeQuote = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/send',
  params: idParams,
  response: officeQuoteSchema,
});
/** 'New version': a draft n+1 copied from the current version, lines with their keys. */
export const newOfficeQuoteVersion = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/versions',
  params: idParams,
  response: officeQuoteSchema,
});

/** 'Create quote' / 'Crear cotización' on a work request: a draft quote for its customer, linked to it. */
export const createOfficeQuoteFromRequest = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/quote',
  params: idParams,
  response: officeQuoteSchema,
});

export const REVISION_ANSWER_MAX = 2000;

/** The office's answer to a revision request, shown to the customer on the quote. */
export const revisionAnswerSchema = z.object({
  answer: officeText(REVISION_ANSWER_MAX).pipe(z.string().min(1, 'Write an answer.')),
});
export type RevisionAnswerInput = z.input<typeof revisionAnswerSchema>;

/** 'Send answer' on a revision request (an Approved quote cannot get a new version). */
export const answerOfficeRevisionRequest = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/revision-requests/:requestId/answer',
  params: z.object({ id: idParams.shape.id, requestId: idParams.shape.id }),
  body: revisionAnswerSchema,
  response: officeQuoteSchema,
});
