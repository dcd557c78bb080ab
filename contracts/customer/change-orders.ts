import { z } from 'zod';
import { endpoint, trusted } from '../endpoint';
import { idParams } from '../fields';
import { contractSchema, changeOrderSchema } from '../change-order-document';
import { customerText } from '../text';
import { consentSchema } from '../signatures';
import { SIGNER_NAME_MAX_LENGTH } from './quotes';

/** The customer's change orders (contract-spec §2): on the quote's page and on the work order's page. */
export const getQuoteChangeOrders = endpoint({
  method: 'GET',
  path: '/api/quotes/:id/change-orders',
  params: idParams,
  response: contractSchema,
});

/** The work order's quote's contract; `null` when the order was not made from a quote. */
export const getWorkOrderChangeOrders = endpoint({
  method: 'GET',
  path: '/api/work-orders/:id/change-orders',
  params: idParams,
  response: contractSchema.nullable(),
});

/**
 * POST /api/change-orders/:id/approve: the typed signature, the content the customer saw, and the
 * electronic consent (contract-spec §1, the same as a quote's approval).
 */
export const approveChangeOrderSchema = z.object({
  signerName: customerText(
    { required: 'Please type your full name.', tooLong: `The name can be at most ${SIGNER_NAME_MAX_LENGTH} characters.` },
    SIGNER_NAME_MAX_LENGTH,
  ),
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
  accepted: z.literal(true, { error: 'Please accept the change order.' }),
  consent: consentSchema,
});
export type ApproveChangeOrderInput = z.input<typeof approveChangeOrderSchema>;

export const CHANGE_ORDER_DECLINE_REASON_MAX = 2000;
export const declineChangeOrderSchema = z.object({
  reason: customerText(
    { required: 'Please say why.', tooLong: `The reason can be at most ${CHANGE_ORDER_DECLINE_REASON_MAX} characters.` },
    CHANGE_ORDER_DECLINE_REASON_MAX,
  ),
});
export type DeclineChangeOrderInput = z.input<typeof declineChangeOrderSchema>;

export const approveChangeOrder = endpoint({
  method: 'POST',
  path: '/api/change-orders/:id/approve',
  params: idParams,
  body: approveChangeOrderSchema,
  response: changeOrderSchema,
});

export const declineChangeOrder = endpoint({
  method: 'POST',
  path: '/api/change-orders/:id/decline',
  params: idParams,
  body: declineChangeOrderSchema,
  response: changeOrderSchema,
});

/** The signed PDF of an approved change order (with its certificate), for its customer; 404 when there is none. */
export const getSignedChangeOrderPdf = endpoint({
  method: 'GET',
  path: '/api/change-orders/:id/signed-pdf',
  params: idParams,
  response: trusted<Blob>(),
});
