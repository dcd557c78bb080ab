import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, moneySchema } from '../fields';
import { invoiceKinds, invoiceSchema, invoiceStatuses } from '../invoice-document';

/** The customer's invoices (contract-spec §3): /invoices, /invoices/:id and the dashboard's 'Balance due'. */
export const customerInvoiceRowSchema = z.object({
  id: z.number().int().positive(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  workOrderId: z.number().int().positive().nullable(),
  quoteId: z.number().int().positive(),
  issuedAt: z.iso.datetime(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  total: moneySchema,
  balanceDue: moneySchema,
  /** Never 'Draft': a customer sees issued invoices only. */
  status: z.enum(invoiceStatuses),
  overdue: z.boolean(),
});
export type CustomerInvoiceRow = z.infer<typeof customerInvoiceRowSchema>;

/** GET /api/invoices: every issued invoice of the account, newest first, and what is due in all. */
export const customerInvoiceListSchema = z.object({
  invoices: z.array(customerInvoiceRowSchema),
  balanceDue: moneySchema,
});
export type CustomerInvoiceList = z.infer<typeof customerInvoiceListSchema>;

export const listInvoices = endpoint({ method: 'GET', path: '/api/invoices', response: customerInvoiceListSchema });

/** GET /api/invoices/:id: lines, payments received, balance. */
export const customerInvoiceSchema = invoiceSchema.extend({
  number: z.string(),
  issuedAt: z.iso.datetime(),
  dueDate: z.string(),
});
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

export const getInvoice = endpoint({ method: 'GET', path: '/api/invoices/:id', params: idParams, response: customerInvoiceSchema });

/** The dashboard's 'Balance due: {amount}' / 'Saldo pendiente: {amount}' (shown when above 0.00). */
export const balanceDueSchema = z.object({ balanceDue: moneySchema, overdue: z.boolean() });
export type BalanceDue = z.infer<typeof balanceDueSchema>;

export const getBalanceDue = endpoint({ method: 'GET', path: '/api/invoices/balance-due', response: balanceDueSchema });
