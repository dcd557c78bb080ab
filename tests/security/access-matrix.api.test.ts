import { CONSENT_VERSION } from '../../contracts/signatures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/harness';
import { createOfficeAccount, inviteOffice, passwordStep } from '../support/office';
import { putDraftQuoteWithSql, putSentQuoteWithSql } from '../support/quotes';
import { putSentInvoiceWithSql } from '../support/payments';
import { processPhoto } from '../../server/modules/photos/process';
import { changeOrderApproval, putMatrixChangeOrders } from '../support/change-orders';
import { putMatrixInvoices } from '../support/invoices';
import { invitedPerson } from '../support/people';

/**
 * Every API route of the server's own route table, called as nobody, as another customer, as the
 * owner of the records it names, as the office (a staff member and an owner), as a staff member
 * who was suspended (with the cookie they had), and as a staff member half-way through signing in
 * (the password step's cookie, no code yet). A route with no entry here fails the test: whoever
 * adds a route must say who may call it.
 */
interface Ids {
  quoteId: number;
  orderId: number;
  /** An office account the office owner suspends and promotes. */
  officeTargetId: string;
  /** A suspended office account the owner lets back in. */
  suspendedTargetId: string;
  /** An office account the owner gives a fresh set-up link. */
  setupTargetId: string;
  /** The customers row of the owner of the records, and an inbox entry of theirs. */
  customerId: number;
  inboxEntryId: number;
  /** A Pending order of the owner the office moves, schedules and annotates; an Approved quote it makes an order from. */
  officeOrderId: number;
  approvedQuoteId: number;
  /** A Pending request the office writes a quote for, and a revision request on an Approved quote it answers (issue 22). */
  requestOrderId: number;
  revisionRequestId: number;
  /** Written quotes (issue 11): a sent one carrying the marker, one to approve, one to decline, drafts to save and send, one to version. */
  quotes: { document: number; approve: number; decline: number; draft: number; send: number; version: number; signed: number };
  /** A photo sent with the owner's order (issue 12). */
  photoId: number;
  /** A person the owner invited who has not joined yet (issue 26.4): the owner removes them. */
  invitedPersonId: number;
  /** Change orders on the owner's approved quotes (issue 24, tests/support/change-orders.ts). */
  changeOrders: Awaited<ReturnType<typeof putMatrixChangeOrders>>;
  /** Properties (issue 26.3): the owner's profile property, one they may remove, a Pending order whose property the office changes. */
  properties: { profileId: number; removableId: number; orderId: number };
  /** Invoices on a work order of the owner's approved quote (issue 25, tests/support/invoices.ts). */
  invoices: Awaited<ReturnType<typeof putMatrixInvoices>>;
  /** An issued invoice of the owner and a checkout attempt on it (payments, issue 25). */
  payment: { invoiceId: number; attemptId: string };
}
const callers = ['nobody', 'other', 'owner', 'staff', 'officeOwner', 'suspended', 'midSignIn'] as const;
type Caller = (typeof callers)[number];
/**
 * People on one account (issue 26.4), whose answers follow from the entries': a view-only person of
 * the owner's account reads what the owner reads and changes nothing (403); a person of the other
 * customer's account who can approve and pay is the other customer, refused the account's own details.
 */
const people = ['viewOnly', 'otherPerson'] as const;
type Person = (typeof people)[number];
const OWNER_ONLY_ROUTES = [
  'POST /api/profile',
  'POST /api/profile/email',
  'POST /api/profile/email-updates',
  'POST /api/people',
  'POST /api/people/:id/remove',
];
function personExpects(who: Person, route: string, entry: Entry): number {
  const isCustomerRoute = !route.includes(' /api/office/') && entry.expect.nobody === 401 && entry.expect.staff === 403;
  if (!isCustomerRoute) return entry.expect.other;
  if (route === 'POST /api/people/leave') return 200;
  if (who === 'viewOnly') return route.startsWith('GET ') ? entry.expect.owner : 403;
  return OWNER_ONLY_ROUTES.includes(route) ? 403 : entry.expect.other;
}
interface Entry {
  path: (ids: Ids) => string;
  /** The body, or one per caller (a route that creates something refuses the same thing twice). */
  body?: unknown;
  /** The office's record screens show every customer's records to staff and owners, by design: their answers must carry the marker. */
  officeReads?: true;
  /** Expected status per caller. */
  expect: Record<Caller, number>;
}

/** The owner's records carry this marker; no customer's response but the owner's may contain it, nor any without a session. */
const SECRET = 'OWNER-ONLY-7f3a';

/** Customer routes refuse every office session with this message. */
const OFFICE_REFUSAL = 'This is an office account.';
/** Nobody, a suspended account and a sign-in without its code hold no session: the same answer for the three. */
const sessionless = (nobody: number) => ({ nobody, suspended: nobody, midSignIn: nobody });
const everyone = (status: number): Entry['expect'] => ({
  ...sessionless(status),
  other: status,
  owner: status,
  staff: status,
  officeOwner: status,
});
const customerRoute = (expect: { nobody: number; other: number; owner: number }): Entry['expect'] => ({
  ...sessionless(expect.nobody),
  ...expect,
  staff: 403,
  officeOwner: 403,
});
/** An office route: 401 without a session, 403 for any customer. */
const officeRoute = (staff: number, officeOwner = staff): Entry['expect'] => ({
  ...sessionless(401),
  other: 403,
  owner: 403,
  staff,
  officeOwner,
});
const perCaller = (make: (who: Caller | Person) => unknown) => ({ perCaller: make });
const setupBody = { token: 'A'.repeat(43), password: 'office-password-1', code: '123456' };
const ownerProfile = (name: string) => ({ name, phone: `${SECRET} phone`, address: `${SECRET} address`, accountNumber: null });

const matrix: Record<string, Entry> = {
  // Invoices (issue 25): the owner's issued ones; the office's, every customer's. Each office action
  // runs as staff, then as the office owner, on the state the first left.
  'GET /api/invoices': { path: () => '/api/invoices', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'GET /api/invoices/balance-due': {
    path: () => '/api/invoices/balance-due',
    expect: customerRoute({ nobody: 401, other: 200, owner: 200 }),
  },
  'GET /api/invoices/:id': {
    path: (ids) => `/api/invoices/${ids.invoices.viewId}`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/office/invoices': { path: () => '/api/office/invoices', expect: officeRoute(200) },
  'GET /api/office/invoices/:id': {
    path: (ids) => `/api/office/invoices/${ids.invoices.viewId}`,
    officeReads: true,
    expect: officeRoute(200),
  },
  'GET /api/office/work-orders/:id/invoices': {
    path: (ids) => `/api/office/work-orders/${ids.invoices.workOrderId}/invoices`,
    expect: officeRoute(200),
  },
  'POST /api/office/work-orders/:id/invoices': {
    path: (ids) => `/api/office/work-orders/${ids.invoices.workOrderId}/invoices`,
    body: { kind: 'progress', description: 'Matrix', amount: '1.00' },
    expect: officeRoute(201),
  },
  'POST /api/office/invoices/:id/send': {
    path: (ids) => `/api/office/invoices/${ids.invoices.sendId}/send`,
    body: {},
    expect: officeRoute(200, 409),
  },
  'POST /api/office/invoices/:id/discard': {
    path: (ids) => `/api/office/invoices/${ids.invoices.discardId}/discard`,
    body: {},
    expect: officeRoute(200, 404),
  },
  'POST /api/office/invoices/:id/void': {
    path: (ids) => `/api/office/invoices/${ids.invoices.voidId}/void`,
    body: { reason: 'Issued twice' },
    expect: officeRoute(200, 409),
  },
  'POST /api/office/invoices/:id/payments': {
    path: (ids) => `/api/office/invoices/${ids.invoices.payId}/payments`,
    body: { amount: '1.00', receivedOn: '2026-11-20', method: 'check', reference: '1042' },
    expect: officeRoute(200),
  },
  'POST /api/office/invoices/:id/refunds': {
    path: (ids) => `/api/office/invoices/${ids.invoices.refundId}/refunds`,
    body: perCaller(() => ({ paymentId: ids.invoices.refundPaymentId, amount: '1.00', receivedOn: '2026-11-21' })),
    expect: officeRoute(200),
  },
  // Online payment (issue 25): this portal has no Stripe key, so the owner's 'Pay now' is refused (409) after the
  // invoice is found in their scope; another customer's finds nothing. The webhook exists only with a key.
  'POST /api/invoices/:id/payment': {
    path: (ids) => `/api/invoices/${ids.payment.invoiceId}/payment`,
    body: {},
    expect: customerRoute({ nobody: 401, other: 404, owner: 409 }),
  },
  'GET /api/invoices/:id/payment/:attempt': {
    path: (ids) => `/api/invoices/${ids.payment.invoiceId}/payment/${ids.payment.attemptId}`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'POST /api/payments/stripe/webhook': { path: () => '/api/payments/stripe/webhook', body: {}, expect: everyone(404) },
  // Change orders (issue 24): the owner's, through their quote or work order; the office's, every customer's.
  'GET /api/quotes/:id/change-orders': {
    path: (ids) => `/api/quotes/${ids.changeOrders.viewQuoteId}/change-orders`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/work-orders/:id/change-orders': {
    path: (ids) => `/api/work-orders/${ids.changeOrders.workOrderId}/change-orders`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'POST /api/change-orders/:id/approve': {
    path: (ids) => `/api/change-orders/${ids.changeOrders.toApprove.id}/approve`,
    body: perCaller(() => changeOrderApproval(ids.changeOrders.toApprove.contentHash)),
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  'GET /api/change-orders/:id/signed-pdf': {
    path: (ids) => `/api/change-orders/${ids.changeOrders.signedId}/signed-pdf`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/office/change-orders/:id/signed-pdf': {
    path: (ids) => `/api/office/change-orders/${ids.changeOrders.signedId}/signed-pdf`,
    officeReads: true,
    expect: officeRoute(200),
  },
  'POST /api/change-orders/:id/decline': {
    path: (ids) => `/api/change-orders/${ids.changeOrders.toDecline.id}/decline`,
    body: { reason: 'Not now' },
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  'GET /api/office/quotes/:id/change-orders': {
    path: (ids) => `/api/office/quotes/${ids.changeOrders.viewQuoteId}/change-orders`,
    expect: officeRoute(200),
  },
  'GET /api/office/work-orders/:id/change-orders': {
    path: (ids) => `/api/office/work-orders/${ids.changeOrders.workOrderId}/change-orders`,
    expect: officeRoute(200),
  },
  // The second asks for the draft the first made: it opens it (200).
  'POST /api/office/quotes/:id/change-orders': {
    path: (ids) => `/api/office/quotes/${ids.changeOrders.createQuoteId}/change-orders`,
    expect: officeRoute(201, 200),
  },
  'POST /api/office/work-orders/:id/change-orders': {
    path: (ids) => `/api/office/work-orders/${ids.changeOrders.workOrderId}/change-orders`,
    expect: officeRoute(201, 200),
  },
  'GET /api/office/change-orders/:id': {
    path: (ids) => `/api/office/change-orders/${ids.changeOrders.viewed.id}`,
    expect: officeRoute(200),
  },
  'POST /api/office/change-orders/:id': {
    path: (ids) => `/api/office/change-orders/${ids.changeOrders.draftId}`,
    body: { reason: 'More', addedDays: 0, answerBy: '2099-01-31', lines: [{ description: 'Post', quantity: '1', unitPrice: '45.00' }] },
    expect: officeRoute(200),
  },
  // Sent by the first: the second finds it sent (409).
  'POST /api/office/change-orders/:id/send': {
    path: (ids) => `/api/office/change-orders/${ids.changeOrders.sendId}/send`,
    body: {},
    expect: officeRoute(200, 409),
  },
  'GET /api/config': { path: () => '/api/config', expect: everyone(200) },
  'GET /api/health': { path: () => '/api/health', expect: everyone(200) },
  'GET /api/quotes': { path: () => '/api/quotes', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'GET /api/ready': { path: () => '/api/ready', expect: everyone(200) },
  'POST /api/quotes/:id/revision-requests': {
    path: (ids) => `/api/quotes/${ids.quoteId}/revision-requests`,
    body: { message: 'Please use cedar instead.' },
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  'GET /api/quotes/:id': {
    path: (ids) => `/api/quotes/${ids.quotes.document}`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/quotes/:id/versions/:version': {
    path: (ids) => `/api/quotes/${ids.quotes.document}/versions/1`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'POST /api/quotes/:id/approve': {
    path: (ids) => `/api/quotes/${ids.quotes.approve}/approve`,
    body: { version: 1, signerName: 'Owner Person', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  // Issue 24: the signed PDF, for its customer and for the office; /verify is public (a JSON body is no form: 400).
  'GET /api/quotes/:id/signed-pdf': {
    path: (ids) => `/api/quotes/${ids.quotes.signed}/signed-pdf`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/office/quotes/:id/signed-pdf': {
    path: (ids) => `/api/office/quotes/${ids.quotes.signed}/signed-pdf`,
    officeReads: true,
    expect: officeRoute(200),
  },
  'POST /api/verify': { path: () => '/api/verify', body: {}, expect: everyone(400) },
  'POST /api/quotes/:id/decline': {
    path: (ids) => `/api/quotes/${ids.quotes.decline}/decline`,
    body: { version: 1 },
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  'GET /api/work-orders': { path: () => '/api/work-orders', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  // Another customer naming the owner's property is refused (404): the server never trusts the browser's id.
  'POST /api/work-orders': {
    path: () => '/api/work-orders',
    body: perCaller((who) => ({
      address: '5 New Road',
      description: 'Fix the fence',
      ...(who === 'other' || who === 'otherPerson' || who === 'owner' ? { propertyId: ids.properties.profileId } : {}),
    })),
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  // Properties (issue 26.3): each customer's own; the office's, every customer's.
  'GET /api/properties': { path: () => '/api/properties', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'POST /api/properties': {
    path: () => '/api/properties',
    body: { label: 'Matrix rental', address: '6 Matrix Court' },
    expect: customerRoute({ nobody: 401, other: 201, owner: 201 }),
  },
  // Renaming one (decision 235), before it is removed below.
  'POST /api/properties/:id': {
    path: (ids) => `/api/properties/${ids.properties.removableId}`,
    body: { label: 'Matrix renamed' },
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'POST /api/office/properties/:id': {
    path: (ids) => `/api/office/properties/${ids.properties.removableId}`,
    body: { label: 'Office renamed' },
    expect: officeRoute(200),
  },
  'POST /api/properties/:id/remove': {
    path: (ids) => `/api/properties/${ids.properties.removableId}/remove`,
    body: {},
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/office/customers/:id/properties': {
    path: (ids) => `/api/office/customers/${ids.customerId}/properties`,
    officeReads: true,
    expect: officeRoute(200),
  },
  'POST /api/office/customers/:id/properties': {
    path: (ids) => `/api/office/customers/${ids.customerId}/properties`,
    body: { address: '7 Matrix Court' },
    expect: officeRoute(201),
  },
  'POST /api/office/quotes/:id/property': {
    path: (ids) => `/api/office/quotes/${ids.quotes.draft}/property`,
    body: perCaller(() => ({ propertyId: ids.properties.profileId })),
    expect: officeRoute(200),
  },
  'POST /api/office/work-orders/:id/property': {
    path: (ids) => `/api/office/work-orders/${ids.properties.orderId}/property`,
    body: { address: '8 Matrix Court' },
    expect: officeRoute(200),
  },
  'POST /api/work-orders/:id/cancel': {
    path: (ids) => `/api/work-orders/${ids.orderId}/cancel`,
    body: {},
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  // The upload takes an image as the raw body: this JSON one is refused as no image (415), after the session check.
  'POST /api/work-order-photos': {
    path: () => '/api/work-order-photos',
    body: { not: 'an image' },
    expect: customerRoute({ nobody: 401, other: 415, owner: 415 }),
  },
  'GET /api/work-order-photos/:id': {
    path: (ids) => `/api/work-order-photos/${ids.photoId}`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/work-order-photos/:id/thumbnail': {
    path: (ids) => `/api/work-order-photos/${ids.photoId}/thumbnail`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/office/work-order-photos/:id': { path: (ids) => `/api/office/work-order-photos/${ids.photoId}`, expect: officeRoute(200) },
  'GET /api/office/work-order-photos/:id/thumbnail': {
    path: (ids) => `/api/office/work-order-photos/${ids.photoId}/thumbnail`,
    expect: officeRoute(200),
  },
  'GET /api/dashboard': { path: () => '/api/dashboard', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'GET /api/profile': { path: () => '/api/profile', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  // People on one account (issue 26.4): each account's own list; the owner invites and removes; a person leaves (the owners: 409).
  'GET /api/people': { path: () => '/api/people', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'POST /api/people': {
    path: () => '/api/people',
    body: perCaller((who) => ({ email: `matrix-invited-${who.toLowerCase()}@example.com`, role: 'view_only', locale: 'en' })),
    expect: customerRoute({ nobody: 401, other: 201, owner: 201 }),
  },
  'POST /api/people/:id/remove': {
    path: (ids) => `/api/people/${ids.invitedPersonId}/remove`,
    body: {},
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'POST /api/people/leave': { path: () => '/api/people/leave', body: {}, expect: customerRoute({ nobody: 401, other: 409, owner: 409 }) },
  'GET /api/office/me': { path: () => '/api/office/me', expect: officeRoute(200) },
  'POST /api/office/setup/check': { path: () => '/api/office/setup/check', body: { token: setupBody.token }, expect: everyone(400) },
  'POST /api/office/setup/password': {
    path: () => '/api/office/setup/password',
    body: { token: setupBody.token, password: setupBody.password },
    expect: everyone(400),
  },
  'POST /api/office/setup/finish': { path: () => '/api/office/setup/finish', body: setupBody, expect: everyone(400) },
  'GET /api/office/staff': { path: () => '/api/office/staff', expect: officeRoute(403, 200) },
  'POST /api/office/staff/invite': {
    path: () => '/api/office/staff/invite',
    body: { email: 'matrix-invitee@company.example', role: 'staff' },
    expect: officeRoute(403, 201),
  },
  'POST /api/office/staff/:id/suspend': {
    path: (ids) => `/api/office/staff/${ids.officeTargetId}/suspend`,
    body: {},
    expect: officeRoute(403, 200),
  },
  'POST /api/office/staff/:id/role': {
    path: (ids) => `/api/office/staff/${ids.officeTargetId}/role`,
    body: { role: 'owner' },
    expect: officeRoute(403, 200),
  },
  'POST /api/office/staff/:id/unsuspend': {
    path: (ids) => `/api/office/staff/${ids.suspendedTargetId}/unsuspend`,
    body: {},
    expect: officeRoute(403, 200),
  },
  'POST /api/office/staff/:id/setup-link': {
    path: (ids) => `/api/office/staff/${ids.setupTargetId}/setup-link`,
    body: {},
    expect: officeRoute(403, 200),
  },
  'GET /api/office/customers': { path: () => '/api/office/customers?q=example', officeReads: true, expect: officeRoute(200) },
  'POST /api/office/customers': {
    path: () => '/api/office/customers',
    body: perCaller((who) => ({ email: `matrix-added-${who.toLowerCase()}@example.com`, name: 'Added By The Office' })),
    expect: officeRoute(201),
  },
  'GET /api/office/customers/:id': {
    path: (ids) => `/api/office/customers/${ids.customerId}`,
    officeReads: true,
    expect: officeRoute(200),
  },
  'POST /api/office/customers/:id': {
    path: (ids) => `/api/office/customers/${ids.customerId}`,
    officeReads: true,
    body: ownerProfile('Owner Renamed By The Office'),
    expect: officeRoute(200),
  },
  // Issue 26.1: the customer page's portal access; the matrix's customer has an account, so no invitation (409).
  'GET /api/office/customers/:id/portal-access': {
    path: (ids) => `/api/office/customers/${ids.customerId}/portal-access`,
    expect: officeRoute(200),
  },
  'POST /api/office/customers/:id/portal-invitation': {
    path: (ids) => `/api/office/customers/${ids.customerId}/portal-invitation`,
    body: { locale: 'en' },
    expect: officeRoute(409),
  },
  'GET /api/office/inbox': { path: () => '/api/office/inbox', officeReads: true, expect: officeRoute(200) },
  'POST /api/office/inbox/:id/done': { path: (ids) => `/api/office/inbox/${ids.inboxEntryId}/done`, body: {}, expect: officeRoute(200) },
  'GET /api/office/audit': { path: () => '/api/office/audit', expect: officeRoute(200) },
  'GET /api/office/quotes': { path: () => '/api/office/quotes', officeReads: true, expect: officeRoute(200) },
  'GET /api/office/work-orders': { path: () => '/api/office/work-orders', officeReads: true, expect: officeRoute(200) },
  'POST /api/office/quotes': {
    path: () => '/api/office/quotes',
    body: perCaller(() => ({ customerId: ids.customerId, description: 'Matrix quote' })),
    expect: officeRoute(201),
  },
  'GET /api/office/quotes/:id': { path: (ids) => `/api/office/quotes/${ids.quotes.document}`, officeReads: true, expect: officeRoute(200) },
  'POST /api/office/quotes/:id/draft': {
    path: (ids) => `/api/office/quotes/${ids.quotes.draft}/draft`,
    body: { description: `${SECRET} draft`, lines: [{ description: 'Boards', quantity: '2', unitPrice: '10' }] },
    officeReads: true,
    expect: officeRoute(200),
  },
  // Sent once: the second office caller finds no draft left to send.
  'POST /api/office/quotes/:id/send': {
    path: (ids) => `/api/office/quotes/${ids.quotes.send}/send`,
    body: {},
    expect: officeRoute(200, 409),
  },
  // One draft at a time: the second office caller finds version 2 already being written.
  'POST /api/office/quotes/:id/versions': {
    path: (ids) => `/api/office/quotes/${ids.quotes.version}/versions`,
    body: {},
    expect: officeRoute(201, 409),
  },
  'GET /api/office/work-orders/:id': {
    path: (ids) => `/api/office/work-orders/${ids.orderId}`,
    officeReads: true,
    expect: officeRoute(200),
  },
  // The second office caller finds the order already In Progress.
  'POST /api/office/work-orders/:id/status': {
    path: (ids) => `/api/office/work-orders/${ids.officeOrderId}/status`,
    body: { status: 'In Progress' },
    expect: officeRoute(200, 409),
  },
  'POST /api/office/work-orders/:id/schedule': {
    path: (ids) => `/api/office/work-orders/${ids.officeOrderId}/schedule`,
    body: { date: '2030-01-15', from: '08:00', until: '10:00' },
    expect: officeRoute(200),
  },
  'POST /api/office/work-orders/:id/notes': {
    path: (ids) => `/api/office/work-orders/${ids.officeOrderId}/notes`,
    body: { body: 'Matrix note', visibleToCustomer: true },
    expect: officeRoute(201),
  },
  // One order per quote: the second office caller is refused.
  'POST /api/office/quotes/:id/work-order': {
    path: (ids) => `/api/office/quotes/${ids.approvedQuoteId}/work-order`,
    body: {},
    expect: officeRoute(201, 409),
  },
  // One open quote per request: the second office caller finds the first one.
  'POST /api/office/work-orders/:id/quote': {
    path: (ids) => `/api/office/work-orders/${ids.requestOrderId}/quote`,
    body: {},
    expect: officeRoute(201, 409),
  },
  // A request is answered once: the second office caller finds it answered.
  'POST /api/office/quotes/:id/revision-requests/:requestId/answer': {
    path: (ids) => `/api/office/quotes/${ids.approvedQuoteId}/revision-requests/${ids.revisionRequestId}/answer`,
    body: { answer: 'We will add the cedar trim in a change order.' },
    expect: officeRoute(200, 409),
  },
  'GET /api/work-orders/:id': {
    path: (ids) => `/api/work-orders/${ids.orderId}`,
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'POST /api/profile': {
    path: () => '/api/profile',
    body: { name: 'Matrix Customer', phone: '555-0100', address: '1 Matrix Street' },
    expect: customerRoute({ nobody: 401, other: 200, owner: 200 }),
  },
  'POST /api/profile/email-updates': {
    path: () => '/api/profile/email-updates',
    body: { enabled: true },
    expect: customerRoute({ nobody: 401, other: 200, owner: 200 }),
  },
  // Asking to change the e-mail: the customer's own password (every matrix customer has the harness's); nothing changes until the link is used.
  'POST /api/profile/email': {
    path: () => '/api/profile/email',
    body: perCaller((who) => ({ newEmail: `matrix-moved-${who.toLowerCase()}@example.com`, password: 'correct-horse-battery' })),
    expect: customerRoute({ nobody: 401, other: 200, owner: 200 }),
  },
  // Public, token-gated (the new address's link of an e-mail change): a made-up token changes nothing for anyone.
  'POST /api/account/confirm-email-change': {
    path: () => '/api/account/confirm-email-change',
    body: { token: 'made.up.token' },
    expect: everyone(400),
  },
  // Public, token-gated (the link in update e-mails): a made-up token changes nothing for anyone.
  'GET /api/email-updates/opt-out': { path: () => '/api/email-updates/opt-out?token=made.up.token', expect: everyone(400) },
  'POST /api/email-updates/opt-out': { path: () => '/api/email-updates/opt-out?token=made.up.token', body: {}, expect: everyone(400) },
  // Only `npm run backup` on this machine, with the token the server wrote into DATA_DIR: 404 to everyone else.
  'POST /api/ops/backup': { path: () => '/api/ops/backup', body: {}, expect: everyone(404) },
  // Public, token-gated: a made-up token confirms nothing for anyone.
  'POST /api/account/confirm-email': {
    path: () => '/api/account/confirm-email',
    body: { token: 'made.up.token', password: 'some-long-password' },
    expect: everyone(400),
  },
};

/** A 1 × 1 PNG. */
const PHOTO_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

let portal: TestPortal;
let cookies: Record<Exclude<Caller, 'nobody'> | Person, string>;
let ids: Ids;

beforeAll(async () => {
  portal = await createTestPortal();
  const owner = await portal.signUp('owner@example.com', { address: `${SECRET} address`, phone: `${SECRET} phone` });
  const other = await portal.signUp('other@example.com');
  const quote = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES ('OWNER@example.com', ${`${SECRET} roof`}, 999.99, 'Sent') RETURNING id`.execute(portal.db);
  // The status change is logged by the database: the owner's history now carries the marker too.
  await sql`UPDATE quotes SET status = ${`${SECRET} status`} WHERE id = ${quote.rows[0]!.id}`.execute(portal.db);
  const order = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
    VALUES ('owner@example.com', ${`${SECRET} leak`}, ${`${SECRET} street`}) RETURNING id`.execute(portal.db);
  const staff = await createOfficeAccount(portal, 'matrix-staff@company.example', 'staff');
  const officeOwner = await createOfficeAccount(portal, 'matrix-owner@company.example', 'owner');
  // A staff member signed in, then suspended: the cookie they kept.
  const suspended = await createOfficeAccount(portal, 'matrix-suspended@company.example', 'staff');
  expect((await portal.request(`/api/office/staff/${suspended.userId}/suspend`, { body: {}, cookie: officeOwner.cookie })).status).toBe(
    200,
  );
  // A staff member who gave the right password and has not given the code.
  const midSignIn = (await passwordStep(portal, 'matrix-staff@company.example')).cookie;
  expect(midSignIn).toMatch(/two_factor/);
  cookies = {
    owner,
    other,
    staff: staff.cookie,
    officeOwner: officeOwner.cookie,
    suspended: suspended.cookie,
    midSignIn,
    viewOnly: await invitedPerson(portal, owner, 'matrix-spouse@example.com', 'view_only'),
    otherPerson: await invitedPerson(portal, other, 'matrix-other-person@example.com', 'approve_and_pay'),
  };

  const target = await inviteOffice(portal, 'matrix-target@company.example', 'staff');
  const setupTarget = await createOfficeAccount(portal, 'matrix-setup@company.example', 'staff');
  const customer = await portal.db.selectFrom('customers').select('id').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
  const entry = await portal.db
    .selectFrom('office_inbox')
    .select('id')
    .where('work_order_id', '=', order.rows[0]!.id)
    .executeTakeFirstOrThrow();
  const lines = [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain', quantity: '2', unitPrice: '35', optional: true },
  ];
  const written = (description: string) => putSentQuoteWithSql(portal.db, 'OWNER@example.com', { description, lines }).then((q) => q.id);
  const quotes = {
    document: await written(`${SECRET} bathroom`),
    approve: await written('Fence'),
    decline: await written('Shed'),
    draft: await putDraftQuoteWithSql(portal.db, 'owner@example.com', { description: `${SECRET} porch`, lines }),
    send: await putDraftQuoteWithSql(portal.db, 'owner@example.com', { description: 'Gate', lines }),
    version: await written('Patio'),
    signed: await written(`${SECRET} signed deck`),
  };
  // Issue 24: an approved quote with its signed PDF (the owner's own approval, with the consent).
  expect(
    (
      await portal.request(`/api/quotes/${quotes.signed}/approve`, {
        cookie: owner,
        body: { version: 1, signerName: 'Owner Person', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
      })
    ).status,
  ).toBe(201);
  const image = await processPhoto(Buffer.from(PHOTO_PNG, 'base64'), 'image/png');
  const photo = await portal.db
    .insertInto('work_order_photos')
    .values({
      work_order_id: order.rows[0]!.id,
      email: 'owner@example.com',
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      data: image.data,
      thumbnail_type: image.thumbnail.contentType,
      thumbnail_width: image.thumbnail.width,
      thumbnail_height: image.thumbnail.height,
      thumbnail: image.thumbnail.data,
      source_type: 'image/png',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const approvedQuoteId = (
    await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('owner@example.com', 'Approved deck', 100.00, 'Approved') RETURNING id`.execute(portal.db)
  ).rows[0]!.id;
  ids = {
    photoId: Number(photo.id),
    quotes,
    quoteId: quote.rows[0]!.id,
    orderId: order.rows[0]!.id,
    officeTargetId: target.userId,
    suspendedTargetId: suspended.userId,
    setupTargetId: setupTarget.userId,
    customerId: customer.id,
    inboxEntryId: entry.id,
    officeOrderId: (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
        VALUES ('owner@example.com', 'Office matrix order', '1 Matrix Way') RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
    approvedQuoteId,
    requestOrderId: (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
        VALUES ('owner@example.com', 'Matrix request', '2 Matrix Way') RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
    revisionRequestId: (
      await sql<{ id: number }>`INSERT INTO quote_requests (quote_id, email, message)
        VALUES (${approvedQuoteId}, 'owner@example.com', 'Please add cedar trim.') RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  } as Ids;
  const paidInvoice = await putSentInvoiceWithSql(portal.db, 'owner@example.com', { total: '120.00', description: `${SECRET} invoice` });
  const attempt = await sql<{ id: string }>`INSERT INTO checkout_attempts (invoice_id, email, amount, provider)
    VALUES (${paidInvoice.id}, 'owner@example.com', 120.00, 'stripe') RETURNING id::text AS id`.execute(portal.db);
  ids.payment = { invoiceId: paidInvoice.id, attemptId: attempt.rows[0]!.id };
  expect(
    (await portal.request('/api/people', { cookie: owner, body: { email: 'matrix-removed@example.com', role: 'view_only', locale: 'en' } }))
      .status,
  ).toBe(201);
  ids.invitedPersonId = Number(
    (await portal.db.selectFrom('account_people').select('id').where('email', '=', 'matrix-removed@example.com').executeTakeFirstOrThrow())
      .id,
  );
  ids.changeOrders = await putMatrixChangeOrders(portal, 'owner@example.com', cookies.owner, cookies.officeOwner);
  const profileProperty = await portal.db
    .selectFrom('properties')
    .select('id')
    .where('customer_id', '=', customer.id)
    .executeTakeFirstOrThrow();
  const removable = await portal.db
    .insertInto('properties')
    .values({ customer_id: customer.id, label: `${SECRET} cabin`, address: '3 Matrix Way' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const propertyOrder = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
    VALUES ('owner@example.com', 'Matrix property order', '4 Matrix Way') RETURNING id`.execute(portal.db);
  ids.properties = { profileId: Number(profileProperty.id), removableId: Number(removable.id), orderId: Number(propertyOrder.rows[0]!.id) };
  ids.invoices = await putMatrixInvoices(portal, 'owner@example.com', cookies.owner, cookies.officeOwner, SECRET);
}, 180_000);
afterAll(() => portal?.close());

/** "METHOD /path" for every route a request can reach, from the app's own table (auth is Better Auth's, tested apart). */
function routeTable(): string[] {
  const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  return [
    ...new Set(
      portal.runtime.app.routes
        .filter((r) => methods.has(r.method) && r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/'))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`),
    ),
  ].sort();
}

describe('access matrix', () => {
  it('has an entry for every API route, and no entry for a route that does not exist', () => {
    expect(Object.keys(matrix).sort()).toEqual(routeTable());
  });

  for (const [route, entry] of Object.entries(matrix)) {
    it(route, async () => {
      const [method] = route.split(' ');
      const isOfficeRoute = route.includes(' /api/office/');
      for (const who of callers) {
        const body = (entry.body as { perCaller?: (w: Caller) => unknown } | undefined)?.perCaller?.(who) ?? entry.body;
        const res = await portal.request(entry.path(ids), { method, body, cookie: who === 'nobody' ? undefined : cookies[who] });
        expect(res.status, `as ${who}`).toBe(entry.expect[who]);
        const text = await res.text();
        const office = who === 'staff' || who === 'officeOwner';
        // The office's routes may answer any customer's records (its record screens must: officeReads);
        // nobody else but their owner ever sees them.
        if (office && isOfficeRoute) {
          if (entry.officeReads) expect(text, `as ${who}`).toContain(SECRET);
        } else if (who !== 'owner') expect(text, `as ${who}`).not.toContain(SECRET);
        if (!isOfficeRoute && office && res.status === 403) expect(JSON.parse(text).error.message).toBe(OFFICE_REFUSAL);
      }
      for (const who of people) {
        // Leaving would end the person the next routes need: server/modules/people/people.api.test.ts leaves.
        if (route === 'POST /api/people/leave') continue;
        const body = (entry.body as { perCaller?: (w: string) => unknown } | undefined)?.perCaller?.(who) ?? entry.body;
        const res = await portal.request(entry.path(ids), { method, body, cookie: cookies[who] });
        expect(res.status, `as ${who}`).toBe(personExpects(who, route, entry));
        // The owner's view-only person reads the owner's records; the other account's person never.
        if (who === 'otherPerson' || res.status !== 200) expect(await res.text(), `as ${who}`).not.toContain(SECRET);
      }
    });
  }

  it('the owner does see the records (the marker test above is not vacuous)', async () => {
    const res = await portal.request('/api/quotes', { cookie: cookies.owner });
    expect(await res.text()).toContain(SECRET);
  });
});
