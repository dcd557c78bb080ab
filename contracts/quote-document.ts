import { z } from 'zod';
import { MONEY_PATTERN } from '../domain/money';

/**
 * A quote version as a document, shared by the customer's and the office's API: its lines, figures,
 * valid-until and terms. Money is a decimal string with two places, a quantity with two, the tax
 * rate in percent with three ("8.250"): exact, never a float (domain/money.ts).
 */
const money = z.string().regex(MONEY_PATTERN);

export const quoteLineSchema = z.object({
  /** The line's id in this version: an approval names the chosen optional lines by it. */
  id: z.number().int().positive(),
  /** The same line across versions ("what changed" matches lines by it). */
  key: z.string(),
  position: z.number().int().positive(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: money,
  lineTotal: money,
  optional: z.boolean(),
});
export type QuoteLineView = z.infer<typeof quoteLineSchema>;

export const quoteVersionSchema = z.object({
  version: z.number().int().positive(),
  description: z.string(),
  subtotal: money,
  taxRate: z.string(),
  tax: money,
  total: money,
  /** YYYY-MM-DD. */
  validUntil: z.string().nullable(),
  terms: z.string(),
  /** 'Deposit' (contract-spec §3): percent of the total invoiced at approval, 0 = none (the server always sends it). */
  depositPercent: z.number().int().min(0).max(100).optional(),
  sentAt: z.iso.datetime().nullable(),
  lines: z.array(quoteLineSchema),
});
export type QuoteVersionView = z.infer<typeof quoteVersionSchema>;

const fieldChange = <F extends z.ZodType>(field: F) =>
  z.object({ field, old: z.union([z.string(), z.boolean()]).nullable(), new: z.union([z.string(), z.boolean()]).nullable() });

/** "What changed" / "Qué cambió" from the previous sent version (domain/quotes/changes.ts). */
export const whatChangedSchema = z.object({
  fromVersion: z.number().int().positive(),
  toVersion: z.number().int().positive(),
  added: z.array(quoteLineSchema),
  removed: z.array(quoteLineSchema),
  changed: z.array(
    z.object({
      key: z.string(),
      line: quoteLineSchema,
      changes: z.array(fieldChange(z.enum(['description', 'quantity', 'unitPrice', 'lineTotal', 'optional']))),
    }),
  ),
  fields: z.array(fieldChange(z.enum(['description', 'taxRate', 'validUntil', 'terms']))),
  total: z.object({ old: money, new: money }),
});
export type WhatChangedView = z.infer<typeof whatChangedSchema>;

/** A customer's answer to one version: 'Approved' (signed, with the chosen optional lines) or 'Declined'. */
export const quoteDecisionSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  decision: z.enum(['Approved', 'Declined']),
  signerName: z.string().nullable(),
  reason: z.string().nullable(),
  optionalItemIds: z.array(z.number().int().positive()),
  /** The signed total (required lines, chosen optional lines, tax); null for a decline. */
  total: money.nullable(),
  decidedAt: z.iso.datetime(),
  contentHash: z.string(),
  /** SHA-256 of the signed PDF made at approval (contract-spec §1); null for a decline, an approval made before it, or one whose document is not sealed yet (decision 269: sealed right after the commit, or on the first page or download that needs it). */
  pdfSha256: z.string().nullable().optional(),
});
export type QuoteDecisionView = z.infer<typeof quoteDecisionSchema>;
