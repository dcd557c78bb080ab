import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, INT4_MAX, moneySchema } from '../fields';
import { quoteDecisionSchema, quoteVersionSchema, whatChangedSchema } from '../quote-document';
import { consentSchema } from '../signatures';
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
  /** The address of the property it is for (contract-spec §4); null when none (a quote put in with SQL). Optional for older fixtures. */
  address: z.string().nullable().optional(),
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

/* ---- One quote as a document: /quotes/:id (office-spec section 3). Additive: the above is unchanged. ---- */

/** GET /api/quotes/:id: the current sent version with "what changed" since the previous one. */
export const quoteDetailSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  created_at: z.iso.datetime(),
  total: moneySchema,
  /** The address of the property it is for (contract-spec §4: its PDF shows it); null when none. Optional for older fixtures. */
  address: z.string().nullable().optional(),
  /** 'Expired' as soon as a Sent quote is past its valid-until day. */
  status: z.string(),
  history: z.array(quoteStatusEntrySchema),
  /** The current version; null for a quote the office put in with SQL (no versions or lines). */
  version: quoteVersionSchema.nullable(),
  /** Against the previous sent version; null for the first. */
  whatChanged: whatChangedSchema.nullable(),
  /** Earlier sent versions, oldest first, each viewable at /api/quotes/:id/versions/:version. */
  earlierVersions: z.array(z.object({ version: z.number().int().positive(), sentAt: z.iso.datetime(), total: moneySchema })),
  /** The customer's answer to the current version, if any. */
  decision: quoteDecisionSchema.nullable(),
  /** 'Approve' and 'Decline' are offered: the current version of a Sent quote, not expired. */
  canDecide: z.boolean(),
  /** When the customer last asked for a revision (quote_requests), whatever the status; null when never. */
  revisionRequestedAt: z.iso.datetime().nullable().optional(),
  /** The office's latest written answer to a revision request (an Approved quote gets no new version). */
  revisionAnswer: z
    .object({ message: z.string(), requestedAt: z.iso.datetime(), answer: z.string(), answeredAt: z.iso.datetime() })
    .nullable()
    .optional(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

export const quoteVersionParams = z.object({
  id: idParams.shape.id,
  version: z.coerce.number().int().positive().max(1_000_000),
});

/** GET /api/quotes/:id/versions/:version: one sent version, earlier ones included, with the answer to it. */
export const quoteVersionDetailSchema = z.object({
  quoteId: z.number().int().positive(),
  current: z.boolean(),
  version: quoteVersionSchema,
  decision: quoteDecisionSchema.nullable(),
});
export type QuoteVersionDetail = z.infer<typeof quoteVersionDetailSchema>;

export const SIGNER_NAME_MAX_LENGTH = 120;
export const DECLINE_REASON_MAX_LENGTH = 2000;

/** POST /api/quotes/:id/approve body: the version seen, the optional lines ticked, the typed signature. */
export const approveQuoteSchema = z.object({
  version: z.number().int().positive().max(INT4_MAX),
  /** quote_line_items ids of the version's optional lines the customer chose. */
  optionalItemIds: z
    .array(z.number().int().positive())
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  signerName: customerText(
    { required: 'Please type your full name.', tooLong: `The name can be at most ${SIGNER_NAME_MAX_LENGTH} characters.` },
    SIGNER_NAME_MAX_LENGTH,
  ),
  accepted: z.literal(true, { error: 'Please accept the quote and its terms.' }),
  /** contract-spec §1: the electronic consent, ticked before signing (contracts/signatures.ts). */
  consent: consentSchema,
});
export type ApproveQuoteInput = z.input<typeof approveQuoteSchema>;

const declineReasonText = customerText({ required: '', tooLong: '' }, DECLINE_REASON_MAX_LENGTH);

/** POST /api/quotes/:id/decline body; the reason is optional. */
export const declineQuoteSchema = z.object({
  version: z.number().int().positive().max(INT4_MAX),
  reason: z
    .string()
    .trim()
    .max(DECLINE_REASON_MAX_LENGTH, `The reason can be at most ${DECLINE_REASON_MAX_LENGTH} characters.`)
    .optional()
    .transform((r) => r || null)
    // The same rule as every customer text: no control characters.
    .refine((r) => r === null || declineReasonText.safeParse(r).success, 'The text contains characters that cannot be stored.'),
});
export type DeclineQuoteInput = z.input<typeof declineQuoteSchema>;

/** 201 answer to an approval or a decline. */
export const quoteDecidedSchema = z.object({
  status: z.enum(['Approved', 'Declined']),
  decision: quoteDecisionSchema,
  /** The deposit invoice made and sent at approval (contract-spec §3: 'Pay deposit'); null when the quote has no deposit. */
  depositInvoiceId: z.number().int().positive().nullable().optional(),
});
export type QuoteDecided = z.infer<typeof quoteDecidedSchema>;

export const getQuote = endpoint({ method: 'GET', path: '/api/quotes/:id', params: idParams, response: quoteDetailSchema });
export const getQuoteVersion = endpoint({
  method: 'GET',
  path: '/api/quotes/:id/versions/:version',
  params: quoteVersionParams,
  response: quoteVersionDetailSchema,
});
/** 409 'This quote has changed...' or 'This quote has expired...' unless it is the current version of a Sent, unexpired quote. */
export const approveQuote = endpoint({
  method: 'POST',
  path: '/api/quotes/:id/approve',
  params: idParams,
  body: approveQuoteSchema,
  response: quoteDecidedSchema,
});
export const declineQuote = endpoint({
  method: 'POST',
  path: '/api/quotes/:id/decline',
  params: idParams,
  body: declineQuoteSchema,
  response: quoteDecidedSchema,
});
