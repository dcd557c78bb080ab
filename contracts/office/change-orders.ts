import { z } from 'zod';
import { MONEY_INPUT_PATTERN, QUANTITY_PATTERN, toUnits } from '../../domain/money';
import { endpoint, trusted } from '../endpoint';
import { calendarDay, idParams, moneySchema } from '../fields';
import { changeOrderSchema, contractLineSchema, contractSchema } from '../change-order-document';
import { actingPersonSchema } from './people';

/** The office's change orders (contract-spec §2). */
export const getOfficeQuoteChangeOrders = endpoint({
  method: 'GET',
  path: '/api/office/quotes/:id/change-orders',
  params: idParams,
  response: contractSchema,
});

export const getOfficeWorkOrderChangeOrders = endpoint({
  method: 'GET',
  path: '/api/office/work-orders/:id/change-orders',
  params: idParams,
  response: contractSchema.nullable(),
});

export const createdChangeOrderSchema = z.object({ id: z.number().int().positive() });

/** 'New change order' on an approved quote. */
export const createOfficeChangeOrder = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/change-orders',
  params: idParams,
  response: createdChangeOrderSchema,
});

/** 'New change order' on a work order made from an approved quote. */
export const createOfficeWorkOrderChangeOrder = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/change-orders',
  params: idParams,
  response: createdChangeOrderSchema,
});

/** One change order for the office: the document, the contract it starts from, and who decided from where. */
export const officeChangeOrderSchema = z.object({
  changeOrder: changeOrderSchema,
  customer: z.object({ email: z.string(), name: z.string().nullable() }),
  workOrderId: z.number().int().positive().nullable(),
  /** The contract as it stands now (the editor starts from it, with the draft's changes on top). */
  contractLines: z.array(contractLineSchema),
  contractTotal: moneySchema,
  taxRate: z.string(),
  decidedFrom: z
    .object({
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      /** The account's person who approved or declined (change_order_approvals.person_id); optional for older fixtures. */
      person: actingPersonSchema.nullable().optional(),
    })
    .nullable(),
});
export type OfficeChangeOrder = z.infer<typeof officeChangeOrderSchema>;

export const getOfficeChangeOrder = endpoint({
  method: 'GET',
  path: '/api/office/change-orders/:id',
  params: idParams,
  response: officeChangeOrderSchema,
});

/** A line as the editor sends it: `key` names the contract line it keeps or changes; none for a new line. */
export const changeOrderLineInputSchema = z.object({
  key: z.string().max(80).optional(),
  description: z.string().trim().min(1, 'Each line needs a description.').max(500),
  quantity: z
    .string()
    .trim()
    .regex(QUANTITY_PATTERN, 'Quantity: a number with at most 2 decimals.')
    .refine((q) => !QUANTITY_PATTERN.test(q) || toUnits(q, 2) > 0n, 'Quantity must be more than 0.'),
  unitPrice: z.string().trim().regex(MONEY_INPUT_PATTERN, 'Unit price: dollars with at most 2 decimals.'),
});

/** The editor's whole draft: the contract's lines as they should become, and the change order's own fields. */
export const changeOrderDraftSchema = z.object({
  reason: z.string().trim().max(4000).default(''),
  addedDays: z.coerce.number().int('Added days: a whole number.').min(0, 'Added days cannot be negative.').max(3650),
  answerBy: calendarDay('Answer by: a date.').nullable().default(null),
  lines: z.array(changeOrderLineInputSchema).max(200, 'At most 200 lines.'),
});
export type ChangeOrderDraftInput = z.input<typeof changeOrderDraftSchema>;

export const saveOfficeChangeOrderDraft = endpoint({
  method: 'POST',
  path: '/api/office/change-orders/:id',
  params: idParams,
  body: changeOrderDraftSchema,
  response: officeChangeOrderSchema,
});

export const sendOfficeChangeOrder = endpoint({
  method: 'POST',
  path: '/api/office/change-orders/:id/send',
  params: idParams,
  response: officeChangeOrderSchema,
});

/** The signed PDF of an approved change order, for the office (each download in the audit log); 404 when there is none. */
export const getOfficeSignedChangeOrderPdf = endpoint({
  method: 'GET',
  path: '/api/office/change-orders/:id/signed-pdf',
  params: idParams,
  response: trusted<Blob>(),
});
