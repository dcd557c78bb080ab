import { z } from 'zod';
import { moneySchema } from './fields';

/**
 * An invoice as a document (contract-spec §3), shared by the customer's and the office's API. Money is
 * an exact decimal string with two places (domain/money.ts). `status` is the stored one ('Draft',
 * 'Sent', 'Partially Paid', 'Paid', 'Void'); `overdue` says the page shows 'Overdue' / 'Vencida'
 * (an open invoice past its due date, a day in the company's time zone).
 */
export const invoiceStatuses = ['Draft', 'Sent', 'Partially Paid', 'Paid', 'Void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
/** What a list shows and filters by: the stored statuses plus 'Overdue'. */
export const invoiceListedStatuses = [...invoiceStatuses, 'Overdue'] as const;
export type InvoiceListedStatus = (typeof invoiceListedStatuses)[number];

export const invoiceKinds = ['deposit', 'progress', 'final'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** How a payment came in: the office records the first four ('Check', 'Cash', 'Bank transfer', 'Card (other)'); 'online' is the provider's. */
export const paymentMethods = ['check', 'cash', 'bank_transfer', 'card_other', 'online'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const officePaymentMethods = ['check', 'cash', 'bank_transfer', 'card_other'] as const;

export const invoiceLineSchema = z.object({
  position: z.number().int().positive(),
  description: z.string(),
  amount: moneySchema,
});

/** A payment received, or a refund of one (`refundedPaymentId` set; `amount` is what was given back). */
export const paymentSchema = z.object({
  id: z.number().int().positive(),
  amount: moneySchema,
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  /** ISO 8601: when the money came in (the office's date, at noon UTC, or the provider's time). */
  receivedAt: z.iso.datetime(),
  refundedPaymentId: z.number().int().positive().nullable(),
});
export type PaymentView = z.infer<typeof paymentSchema>;

export const invoiceSchema = z.object({
  id: z.number().int().positive(),
  /** 'INV-0001'; null while a draft (a number is given when it is sent, so numbers have no gaps). */
  number: z.string().nullable(),
  kind: z.enum(invoiceKinds),
  status: z.enum(invoiceStatuses),
  overdue: z.boolean(),
  quoteId: z.number().int().positive(),
  workOrderId: z.number().int().positive().nullable(),
  /** ISO 8601; null while a draft. */
  issuedAt: z.iso.datetime().nullable(),
  /** YYYY-MM-DD; null while a draft. */
  dueDate: z.string().nullable(),
  subtotal: moneySchema,
  tax: moneySchema,
  total: moneySchema,
  amountPaid: moneySchema,
  /** total − payments + refunds; 0.00 for a void invoice. */
  balanceDue: moneySchema,
  voidReason: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  /** Oldest first, refunds included. */
  payments: z.array(paymentSchema),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;
