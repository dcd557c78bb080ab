import type { ScheduleCheck } from '../domain/work-orders/schedule';

/**
 * Every code an error answer of our API carries (`{ error: { code, message, requestId } }`), one list
 * per domain. The server's errors take only these (domain/errors.ts's ErrorCode is their union), and
 * contracts/error-translations.test.ts checks the web apps' translations against them. Better Auth's
 * own answers under /api/auth/* (upper-case codes such as ACCOUNT_LOCKED) are not ours and not here.
 */

/** Any endpoint: the request itself, its session or origin, the server's state (server/platform/http). */
export const REQUEST_ERROR_CODES = [
  'invalid_request',
  'not_found',
  'unauthenticated',
  'bad_origin',
  'too_large',
  'too_many_requests',
  'unavailable',
  'internal',
] as const;

/** The customer API's session guard (server/auth/session-guard.ts). */
export const CUSTOMER_SESSION_ERROR_CODES = ['office_account', 'email_not_verified'] as const;

/** The office API's session guard (server/auth/office/guard.ts). */
export const OFFICE_SESSION_ERROR_CODES = ['not_office_account', 'demo_account_refused', 'session_ended', 'forbidden'] as const;

/** Office accounts: set-up, invitations, suspending, roles (server/auth/office). */
export const OFFICE_ACCOUNT_ERROR_CODES = [
  'setup_link_invalid',
  'invitation_withdrawn',
  'wrong_password',
  'password_too_common',
  'invalid_code',
  'own_account',
  'not_found',
  'customer_account',
  'already_set_up',
  'suspended',
  'too_many_attempts',
] as const;

/** Confirming a new account from its e-mail (server/auth/confirm-email.routes.ts). */
export const ACCOUNT_ERROR_CODES = ['invalid_token', 'already_confirmed', 'password_too_common'] as const;

/** The customer's profile: changing the e-mail address (server/modules/profile). */
export const PROFILE_ERROR_CODES = ['no_password', 'wrong_password', 'same_email', 'invalid_token', 'email_taken'] as const;

/** The office's customers (server/modules/customers). */
export const CUSTOMER_ERROR_CODES = ['customer_exists', 'office_account'] as const;

/** The office's refusals on a quote it writes, sends or answers (server/modules/quotes). */
export const QUOTE_OFFICE_ERROR_CODES = [
  'quote_approved',
  'no_draft',
  'draft_exists',
  'empty_quote',
  'valid_until_needed',
  'already_answered',
] as const;

/** The customer's approve or decline of a quote that moved meanwhile (server/modules/quotes/decide-quote.ts). */
export const QUOTE_DECISION_ERROR_CODES = ['quote_changed', 'quote_expired'] as const;

/** A quote for a customer's work order request (server/modules/quotes/quote-from-request.ts): the order page's. */
export const QUOTE_FROM_REQUEST_ERROR_CODES = ['request_has_quote', 'request_closed', 'request_quoted'] as const;

/** An arrival window the office chose (domain/work-orders/schedule.ts). */
export const SCHEDULE_ERROR_CODES = [
  'invalid_date',
  'invalid_time',
  'time_does_not_exist',
  'until_not_after_from',
  'window_passed',
] as const satisfies readonly Extract<ScheduleCheck, { ok: false }>['code'][];

/** The office's status moves and scheduling of a work order (domain/work-orders/transitions.ts, server/modules/work-orders). */
export const WORK_ORDER_STATUS_ERROR_CODES = ['stale_status', 'already_in_status', 'transition_not_allowed', 'not_schedulable'] as const;

/** The customer's cancel of a work order. */
export const WORK_ORDER_CANCEL_ERROR_CODES = ['not_cancellable'] as const;

/** 'Create work order' on an approved quote (server/modules/work-orders). */
export const WORK_ORDER_FROM_QUOTE_ERROR_CODES = ['work_order_exists', 'address_required', 'quote_not_approved'] as const;

/** Photos of a work order request (server/modules/photos). */
export const PHOTO_ERROR_CODES = [
  'photo_type',
  'photo_unreadable',
  'photo_too_many_pixels',
  'photo_too_large',
  'photo_too_slow',
  'client_aborted',
  'photo_upload_in_progress',
  'photo_uploads_busy',
  'photo_missing',
] as const;

/** Change orders (server/modules/change-orders): the office's and the customer's refusals. */
export const CHANGE_ORDER_ERROR_CODES = [
  'quote_not_approved',
  'no_signed_version',
  'change_order_sent',
  'change_order_empty',
  'answer_by_needed',
  'change_order_decided',
  'change_order_expired',
  'contract_changed',
] as const;
/**
 * Properties (server/modules/properties): a property that is not the customer's (404 property_not_found),
 * one a quote or order names or the profile's (409), an order past Pending or an approved quote (409),
 * an address corrected to one the customer has already (409 property_exists, decision 235).
 */
export const PROPERTY_ERROR_CODES = [
  'property_not_found',
  'property_in_use',
  'profile_property',
  'address_fixed',
  'quote_approved',
  'property_exists',
] as const;

/** Invoices and payments (server/modules/invoices): the office's refusals, and a payment above the balance. */
export const INVOICE_ERROR_CODES = [
  'quote_not_approved',
  'nothing_to_invoice',
  'over_invoiced',
  'invoice_issued',
  'invoice_not_draft',
  'invoice_void',
  'invoice_has_payments',
  'invoice_not_payable',
  'payment_above_balance',
  'refund_not_a_payment',
  'refund_above_payment',
] as const;
/** The office's 'Invite to portal' (server/modules/invitations): the customer has an account already. */
export const PORTAL_ACCESS_ERROR_CODES = ['account_exists'] as const;

/** Online payment (server/modules/payments): no provider configured, or nothing left to pay. */
export const PAYMENT_ERROR_CODES = ['online_payment_off', 'nothing_due'] as const;
/**
 * People on one account (server/auth/people-guard.ts, server/modules/people): a view-only person's
 * refused action, the owner's own actions, and an invitation the address cannot take.
 */
export const PEOPLE_ERROR_CODES = ['view_only', 'owner_only', 'own_email', 'person_exists', 'has_own_account', 'owner_stays'] as const;

export const ERROR_CODES = [
  ...new Set([
    ...REQUEST_ERROR_CODES,
    ...CUSTOMER_SESSION_ERROR_CODES,
    ...OFFICE_SESSION_ERROR_CODES,
    ...OFFICE_ACCOUNT_ERROR_CODES,
    ...ACCOUNT_ERROR_CODES,
    ...PROFILE_ERROR_CODES,
    ...CUSTOMER_ERROR_CODES,
    ...QUOTE_OFFICE_ERROR_CODES,
    ...QUOTE_DECISION_ERROR_CODES,
    ...QUOTE_FROM_REQUEST_ERROR_CODES,
    ...SCHEDULE_ERROR_CODES,
    ...WORK_ORDER_STATUS_ERROR_CODES,
    ...WORK_ORDER_CANCEL_ERROR_CODES,
    ...WORK_ORDER_FROM_QUOTE_ERROR_CODES,
    ...PHOTO_ERROR_CODES,
    ...CHANGE_ORDER_ERROR_CODES,
    ...PORTAL_ACCESS_ERROR_CODES,
    ...PROPERTY_ERROR_CODES,
    ...INVOICE_ERROR_CODES,
    ...PAYMENT_ERROR_CODES,
    ...PEOPLE_ERROR_CODES,
  ]),
];

export type ApiErrorCode =
  | (typeof REQUEST_ERROR_CODES)[number]
  | (typeof CUSTOMER_SESSION_ERROR_CODES)[number]
  | (typeof OFFICE_SESSION_ERROR_CODES)[number]
  | (typeof OFFICE_ACCOUNT_ERROR_CODES)[number]
  | (typeof ACCOUNT_ERROR_CODES)[number]
  | (typeof PROFILE_ERROR_CODES)[number]
  | (typeof CUSTOMER_ERROR_CODES)[number]
  | (typeof QUOTE_OFFICE_ERROR_CODES)[number]
  | (typeof QUOTE_DECISION_ERROR_CODES)[number]
  | (typeof QUOTE_FROM_REQUEST_ERROR_CODES)[number]
  | (typeof SCHEDULE_ERROR_CODES)[number]
  | (typeof WORK_ORDER_STATUS_ERROR_CODES)[number]
  | (typeof WORK_ORDER_CANCEL_ERROR_CODES)[number]
  | (typeof WORK_ORDER_FROM_QUOTE_ERROR_CODES)[number]
  | (typeof PHOTO_ERROR_CODES)[number]
  | (typeof CHANGE_ORDER_ERROR_CODES)[number]
  | (typeof PORTAL_ACCESS_ERROR_CODES)[number]
  | (typeof PROPERTY_ERROR_CODES)[number]
  | (typeof INVOICE_ERROR_CODES)[number]
  | (typeof PAYMENT_ERROR_CODES)[number]
  | (typeof PEOPLE_ERROR_CODES)[number];

/** An HTTP error no handler of ours explained (hono's own, e.g. a malformed body): `http_<status>`. */
export type HttpErrorCode = `http_${number}`;

/** The codes the server's errors may carry (domain/errors.ts reads this; it imports nothing itself). */
declare module '../domain/errors' {
  interface ErrorCodeRegister {
    code: ApiErrorCode;
  }
}
