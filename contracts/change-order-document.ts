import { z } from 'zod';
import { moneySchema } from './fields';

/**
 * A change order as a document (contract-spec §2), shared by the customer's and the office's API.
 * Money is a decimal string with two places, exact (domain/money.ts).
 */
export const contractLineSchema = z.object({
  key: z.string(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: moneySchema,
  lineTotal: moneySchema,
});
export type ContractLineView = z.infer<typeof contractLineSchema>;

export const changeLineSchema = contractLineSchema.extend({
  change: z.enum(['added', 'removed', 'changed']),
  /** The line before this change order ('changed' only). */
  old: contractLineSchema.nullable(),
});
export type ChangeLineView = z.infer<typeof changeLineSchema>;

export const changeOrderDecisionSchema = z.object({
  decision: z.enum(['Approved', 'Declined']),
  signerName: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.iso.datetime(),
  contentHash: z.string(),
  /** The signed PDF's SHA-256 (contract-spec §1 evidence); null for a decline or an approval made before it. */
  pdfSha256: z.string().nullable(),
});
export type ChangeOrderDecisionView = z.infer<typeof changeOrderDecisionSchema>;

export const changeOrderStatusSchema = z.enum(['Draft', 'Sent', 'Approved', 'Declined', 'Expired']);

export const changeOrderSchema = z.object({
  id: z.number().int().positive(),
  quoteId: z.number().int().positive(),
  /** Per quote: 'Change Order {number} to Quote #{quoteId}'. */
  number: z.number().int().positive(),
  /** As listed: a Sent one past its answer-by day is Expired. */
  status: changeOrderStatusSchema,
  reason: z.string(),
  addedDays: z.number().int().nonnegative(),
  /** YYYY-MM-DD. */
  answerBy: z.string().nullable(),
  /** What changed against the contract as it stood before it. */
  lines: z.array(changeLineSchema),
  amount: moneySchema,
  /** 'Contract total: {old} → {new}'. */
  totalBefore: moneySchema,
  totalAfter: moneySchema,
  sentAt: z.iso.datetime().nullable(),
  contentHash: z.string().nullable(),
  /** Another change order was approved after this one was sent: it can no longer be approved. */
  outdated: z.boolean(),
  decision: changeOrderDecisionSchema.nullable(),
});
export type ChangeOrderView = z.infer<typeof changeOrderSchema>;

/** A quote's contract and its change orders, oldest first. */
export const contractSchema = z.object({
  quoteId: z.number().int().positive(),
  /** Signed total + approved change orders (contract_total in the database); null while the quote is not approved. */
  contractTotal: moneySchema.nullable(),
  signedTotal: moneySchema.nullable(),
  changeOrders: z.array(changeOrderSchema),
});
export type ContractView = z.infer<typeof contractSchema>;

/** The signed PDF of an approved change order, as both sides download it. */
export const signedChangeOrderFileName = (quoteId: number, number: number) => `quote-${quoteId}-change-order-${number}-signed.pdf`;
