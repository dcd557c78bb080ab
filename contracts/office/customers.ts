import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../account-limits';
import { endpoint } from '../endpoint';
import { idParams, moneySchema } from '../fields';
import { workOrderStatusSchema } from '../customer/work-orders';
import { cursorSchema } from './paging';
import { clearableText, customerText } from '../text';

/** The office's Customers screen and customer page (office-spec section 2). Owners and staff. */

export const ACCOUNT_NUMBER_MAX = 40;

/** POST /api/office/customers/:id: the editable profile (Full Name, Phone, Address, Account #). Empty clears. */
export const customerEditSchema = z
  .object({
    name: clearableText(ACCOUNT_LIMITS.name, `Full Name may have at most ${ACCOUNT_LIMITS.name} characters.`),
    phone: clearableText(ACCOUNT_LIMITS.phone, `Phone may have at most ${ACCOUNT_LIMITS.phone} characters.`),
    address: clearableText(ACCOUNT_LIMITS.address, `Address may have at most ${ACCOUNT_LIMITS.address} characters.`),
    accountNumber: clearableText(ACCOUNT_NUMBER_MAX, `Account # may have at most ${ACCOUNT_NUMBER_MAX} characters.`),
  })
  .strict();
export type CustomerEdit = z.input<typeof customerEditSchema>;

/** POST /api/office/customers: a customer who has no account yet; their records show once they register. */
export const newCustomerSchema = z
  .object({
    email: z.email('Enter a valid e-mail address.').max(ACCOUNT_LIMITS.email),
    name: customerText(
      { required: 'Full Name is required.', tooLong: `Full Name may have at most ${ACCOUNT_LIMITS.name} characters.` },
      ACCOUNT_LIMITS.name,
    ),
    phone: clearableText(ACCOUNT_LIMITS.phone, `Phone may have at most ${ACCOUNT_LIMITS.phone} characters.`).optional(),
    address: clearableText(ACCOUNT_LIMITS.address, `Address may have at most ${ACCOUNT_LIMITS.address} characters.`).optional(),
  })
  .strict();
export type NewCustomer = z.input<typeof newCustomerSchema>;

export const officeCustomerSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  accountNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** 'none': added by the office, never registered; 'unconfirmed': registered, address not confirmed; 'active'. */
  account: z.enum(['none', 'unconfirmed', 'active']),
});
export type OfficeCustomer = z.infer<typeof officeCustomerSchema>;

/** GET /api/office/customers?q=&after=&limit=: q matches name, e-mail, phone or account #; sorted by name. */
export const customerSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const customerPageSchema = z.object({
  customers: z.array(officeCustomerSchema),
  /** Pass as ?after= for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** Everything the customer page shows, in one answer. Lists newest first. */
export const customerDetailSchema = z.object({
  customer: officeCustomerSchema,
  quotes: z.array(
    z.object({
      id: z.number().int().positive(),
      description: z.string(),
      status: z.string(),
      total: moneySchema,
      createdAt: z.iso.datetime(),
    }),
  ),
  workOrders: z.array(
    z.object({
      id: z.number().int().positive(),
      description: z.string(),
      address: z.string(),
      status: workOrderStatusSchema,
      submittedAt: z.iso.datetime(),
    }),
  ),
  revisionRequests: z.array(
    z.object({
      id: z.number().int().positive(),
      quoteId: z.number().int().positive(),
      message: z.string(),
      requestedAt: z.iso.datetime(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const searchCustomers = endpoint({
  method: 'GET',
  path: '/api/office/customers',
  query: customerSearchQuerySchema,
  response: customerPageSchema,
});

/** 201 with the new customer; 409 'A customer with this e-mail already exists.' */
export const addCustomer = endpoint({
  method: 'POST',
  path: '/api/office/customers',
  body: newCustomerSchema,
  response: officeCustomerSchema,
});

/** 404 'Customer not found.' */
export const getCustomerDetail = endpoint({
  method: 'GET',
  path: '/api/office/customers/:id',
  params: idParams,
  response: customerDetailSchema,
});

/** Saves the profile (audited with before/after); the customer sees it on their Profile. */
export const editCustomer = endpoint({
  method: 'POST',
  path: '/api/office/customers/:id',
  params: idParams,
  body: customerEditSchema,
  response: officeCustomerSchema,
});
