import { z } from 'zod';
import { MONEY_INPUT_PATTERN, parseCents, toUnits } from '../../domain/money';
import { endpoint } from '../endpoint';
import { calendarDay, idParams, moneySchema } from '../fields';
import {
  invoiceKinds,
  invoiceListedStatuses,
  invoiceSchema,
  invoiceStatuses,
  officePaymentMethods,
  paymentSchema,
} from '../invoice-document';
import { cursorSchema } from './paging';
import { actingPersonSchema } from './people';
import { recordCustomerSchema } from './record-lists';

/**
 * The office's invoices (contract-spec §3): /office/invoices (filter by status, Overdue included;
 * search by number or customer; totals outstanding and overdue), one invoice, 'New invoice' on a work
 * order, send, void, 'Record payment', 'Record refund'.
 */
export const officeInvoiceListQuerySchema = z.object({
  status: z.enum(invoiceListedStatuses).optional(),
  /** An invoice number ('INV-0012', '12') or the customer's name, e-mail, phone or account # (accent-blind). */
  q: z.string().trim().max(100).optional(),
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const officeInvoiceRowSchema = z.object({
  id: z.number().int().positive(),
  number: z.string().nullable(),
  kind: z.enum(invoiceKinds),
  status: z.enum(invoiceStatuses),
  overdue: z.boolean(),
  customer: recordCustomerSchema,
  quoteId: z.number().int().positive(),
  workOrderId: z.number().int().positive().nullable(),
  issuedAt: z.iso.datetime().nullable(),
  dueDate: z.string().nullable(),
  total: moneySchema,
  balanceDue: moneySchema,
  createdAt: z.iso.datetime(),
});
export type OfficeInvoiceRow = z.infer<typeof officeInvoiceRowSchema>;

export const officeInvoicePageSchema = z.object({
  invoices: z.array(officeInvoiceRowSchema),
  /** How many invoices have each listed status ('Overdue' apart from 'Sent' / 'Partially Paid') under the search. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Under the search, whatever the status filter: the balance of every open invoice, and of the overdue ones. */
  totals: z.object({ outstanding: moneySchema, overdue: moneySchema }),
  nextCursor: z.string().nullable(),
});
export type OfficeInvoicePage = z.infer<typeof officeInvoicePageSchema>;

export const listOfficeInvoices = endpoint({
  method: 'GET',
  path: '/api/office/invoices',
  query: officeInvoiceListQuerySchema,
  response: officeInvoicePageSchema,
});

/** One invoice for the office: the document, its customer, and who made it. */
export const officeInvoiceSchema = invoiceSchema.extend({
  customer: recordCustomerSchema,
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  remindersSent: z.number().int().nonnegative(),
  /** Each with who recorded it (an office e-mail; null for the provider's) and, paid online, who of the account paid. */
  payments: z.array(paymentSchema.extend({ recordedBy: z.string().nullable(), paidBy: actingPersonSchema.nullable().optional() })),
});
export type OfficeInvoice = z.infer<typeof officeInvoiceSchema>;

export const getOfficeInvoice = endpoint({
  method: 'GET',
  path: '/api/office/invoices/:id',
  params: idParams,
  response: officeInvoiceSchema,
});

/** A work order's contract as invoices draw from it: what the 'New invoice' form offers. */
export const workOrderInvoicingSchema = z.object({
  workOrderId: z.number().int().positive(),
  /** null: the work order has no approved quote, so nothing can be invoiced. */
  quoteId: z.number().int().positive().nullable(),
  contractTotal: moneySchema.nullable(),
  /** The sum of every invoice but void ones, drafts included. */
  invoiced: moneySchema,
  /** contractTotal − invoiced: what a final invoice would be. */
  remaining: moneySchema,
  invoices: z.array(officeInvoiceRowSchema),
});
export type WorkOrderInvoicing = z.infer<typeof workOrderInvoicingSchema>;

export const getOfficeWorkOrderInvoices = endpoint({
  method: 'GET',
  path: '/api/office/work-orders/:id/invoices',
  params: idParams,
  response: workOrderInvoicingSchema,
});

const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
const description = z.string().trim().min(1, 'Add a description.').max(500, 'At most 500 characters.');
const positiveMoney = (label: string) =>
  z
    .string()
    .trim()
    .regex(MONEY_INPUT_PATTERN, `${label}: dollars with at most 2 decimals.`)
    .refine((a) => !MONEY_INPUT_PATTERN.test(a) || parseCents(a) > 0n, `${label} must be more than 0.`);

/**
 * 'New invoice' on a work order, saved as a draft: a progress invoice of an amount or of a percentage
 * of the contract total (exactly one of the two), with a description; or the final invoice (what
 * remains of the contract total after every other invoice).
 */
export const createInvoiceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('progress'),
      description,
      amount: positiveMoney('Amount').optional(),
      percent: z
        .string()
        .trim()
        .regex(PERCENT_PATTERN, 'Percentage: a number with at most 2 decimals.')
        .refine(
          (p) => !PERCENT_PATTERN.test(p) || (toUnits(p, 2) > 0n && toUnits(p, 2) <= 10_000n),
          'Percentage: more than 0, at most 100.',
        )
        .optional(),
    })
    .refine((b) => (b.amount === undefined) !== (b.percent === undefined), {
      message: 'Give an amount or a percentage.',
      path: ['amount'],
    }),
  z.object({ kind: z.literal('final'), description: description.optional() }),
]);
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

export const createOfficeInvoice = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/invoices',
  params: idParams,
  body: createInvoiceSchema,
  response: officeInvoiceSchema,
});

/** Issue a draft: it gets its number, its due date (INVOICE_DUE_DAYS on), is frozen and e-mailed to the customer. */
export const sendOfficeInvoice = endpoint({
  method: 'POST',
  path: '/api/office/invoices/:id/send',
  params: idParams,
  response: officeInvoiceSchema,
});

/** Throw a draft away (an issued invoice is voided, never deleted). */
export const discardOfficeInvoice = endpoint({
  method: 'POST',
  path: '/api/office/invoices/:id/discard',
  params: idParams,
  response: z.object({ id: z.number().int().positive() }),
});

export const voidInvoiceSchema = z.object({ reason: z.string().trim().min(1, 'Give a reason.').max(1000) });

/** 'Void' with a reason: an issued invoice with nothing paid on it (refund first). */
export const voidOfficeInvoice = endpoint({
  method: 'POST',
  path: '/api/office/invoices/:id/void',
  params: idParams,
  body: voidInvoiceSchema,
  response: officeInvoiceSchema,
});

/** 'Record payment' / 'Registrar pago': amount, date, method, reference. */
export const recordPaymentSchema = z.object({
  amount: positiveMoney('Amount'),
  receivedOn: calendarDay('Date: a date like 2026-11-23.'),
  method: z.enum(officePaymentMethods),
  reference: z.string().trim().max(200).default(''),
});
export type RecordPaymentBody = z.input<typeof recordPaymentSchema>;

export const recordOfficePayment = endpoint({
  method: 'POST',
  path: '/api/office/invoices/:id/payments',
  params: idParams,
  body: recordPaymentSchema,
  response: officeInvoiceSchema,
});

/** 'Record refund' / 'Registrar reembolso': of one payment, at most what is left of it. */
export const recordRefundSchema = z.object({
  paymentId: z.number().int().positive(),
  amount: positiveMoney('Amount'),
  receivedOn: calendarDay('Date: a date like 2026-11-23.'),
  reference: z.string().trim().max(200).default(''),
});
export type RecordRefundBody = z.input<typeof recordRefundSchema>;

export const recordOfficeRefund = endpoint({
  method: 'POST',
  path: '/api/office/invoices/:id/refunds',
  params: idParams,
  body: recordRefundSchema,
  response: officeInvoiceSchema,
});
