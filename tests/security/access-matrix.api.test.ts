import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../support/harness';
import { createOfficeAccount, inviteOffice } from '../support/office';
import { putDraftQuoteWithSql, putSentQuoteWithSql } from '../support/quotes';

/**
 * Every API route of the server's own route table, called as nobody, as another customer, as the
 * owner of the records it names, and as the office (a staff member and an owner). A route with no
 * entry here fails the test: whoever adds a route must say who may call it.
 */
interface Ids {
  quoteId: number;
  orderId: number;
  /** An office account the office owner suspends and promotes. */
  officeTargetId: string;
  /** Written quotes (issue 11): a sent one carrying the marker, one to approve, one to decline, ... */
  quotes: { document: number; approve: number; decline: number; draft: number; send: number; version: number };
  ownerCustomerId: number;
}
interface Entry {
  path: (ids: Ids) => string;
  body?: unknown;
  /** The office's record screens show every customer's records to staff and owners, by design. */
  officeReads?: true;
  /** Expected status for nobody, another customer, the owner of the records, a staff member, an office owner. */
  expect: { nobody: number; other: number; owner: number; staff: number; officeOwner: number };
}

/** The owner's records carry this marker; no response to anyone else may contain it. */
const SECRET = 'OWNER-ONLY-7f3a';

/** Customer routes refuse every office session with this message. */
const OFFICE_REFUSAL = 'This is an office account.';
const customerRoute = (expect: Pick<Entry['expect'], 'nobody' | 'other' | 'owner'>) => ({ ...expect, staff: 403, officeOwner: 403 });
const setupBody = { token: 'A'.repeat(43), password: 'office-password-1', code: '123456' };

const matrix: Record<string, Entry> = {
  'GET /api/config': { path: () => '/api/config', expect: { nobody: 200, other: 200, owner: 200, staff: 200, officeOwner: 200 } },
  'GET /api/health': { path: () => '/api/health', expect: { nobody: 200, other: 200, owner: 200, staff: 200, officeOwner: 200 } },
  'GET /api/quotes': { path: () => '/api/quotes', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'GET /api/ready': { path: () => '/api/ready', expect: { nobody: 200, other: 200, owner: 200, staff: 200, officeOwner: 200 } },
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
    body: { version: 1, signerName: 'Owner Person', accepted: true },
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  'POST /api/quotes/:id/decline': {
    path: (ids) => `/api/quotes/${ids.quotes.decline}/decline`,
    body: { version: 1 },
    expect: customerRoute({ nobody: 401, other: 404, owner: 201 }),
  },
  'GET /api/work-orders': { path: () => '/api/work-orders', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'POST /api/work-orders': {
    path: () => '/api/work-orders',
    body: { address: '5 New Road', description: 'Fix the fence' },
    expect: customerRoute({ nobody: 401, other: 201, owner: 201 }),
  },
  'POST /api/work-orders/:id/cancel': {
    path: (ids) => `/api/work-orders/${ids.orderId}/cancel`,
    body: {},
    expect: customerRoute({ nobody: 401, other: 404, owner: 200 }),
  },
  'GET /api/dashboard': { path: () => '/api/dashboard', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'GET /api/profile': { path: () => '/api/profile', expect: customerRoute({ nobody: 401, other: 200, owner: 200 }) },
  'GET /api/office/me': { path: () => '/api/office/me', expect: { nobody: 401, other: 403, owner: 403, staff: 200, officeOwner: 200 } },
  'GET /api/office/quotes': {
    path: () => '/api/office/quotes',
    officeReads: true,
    expect: { nobody: 401, other: 403, owner: 403, staff: 200, officeOwner: 200 },
  },
  'POST /api/office/quotes': {
    path: () => '/api/office/quotes',
    body: {
      get customerId() {
        return ids.ownerCustomerId;
      },
    },
    expect: { nobody: 401, other: 403, owner: 403, staff: 201, officeOwner: 201 },
  },
  'GET /api/office/quotes/:id': {
    path: (ids) => `/api/office/quotes/${ids.quotes.document}`,
    officeReads: true,
    expect: { nobody: 401, other: 403, owner: 403, staff: 200, officeOwner: 200 },
  },
  'POST /api/office/quotes/:id/draft': {
    path: (ids) => `/api/office/quotes/${ids.quotes.draft}/draft`,
    body: { description: `${SECRET} draft`, lines: [{ description: 'Boards', quantity: '2', unitPrice: '10' }] },
    officeReads: true,
    expect: { nobody: 401, other: 403, owner: 403, staff: 200, officeOwner: 200 },
  },
  // Sent once: the second call finds no draft left to send (409).
  'POST /api/office/quotes/:id/send': {
    path: (ids) => `/api/office/quotes/${ids.quotes.send}/send`,
    body: {},
    expect: { nobody: 401, other: 403, owner: 403, staff: 200, officeOwner: 409 },
  },
  // One draft at a time: the second call finds version 2 already being written (409).
  'POST /api/office/quotes/:id/versions': {
    path: (ids) => `/api/office/quotes/${ids.quotes.version}/versions`,
    body: {},
    expect: { nobody: 401, other: 403, owner: 403, staff: 201, officeOwner: 409 },
  },
  'GET /api/office/work-orders': {
    path: () => '/api/office/work-orders',
    officeReads: true,
    expect: { nobody: 401, other: 403, owner: 403, staff: 200, officeOwner: 200 },
  },
  'POST /api/office/setup/check': {
    path: () => '/api/office/setup/check',
    body: { token: setupBody.token },
    expect: { nobody: 400, other: 400, owner: 400, staff: 400, officeOwner: 400 },
  },
  'POST /api/office/setup/password': {
    path: () => '/api/office/setup/password',
    body: { token: setupBody.token, password: setupBody.password },
    expect: { nobody: 400, other: 400, owner: 400, staff: 400, officeOwner: 400 },
  },
  'POST /api/office/setup/finish': {
    path: () => '/api/office/setup/finish',
    body: setupBody,
    expect: { nobody: 400, other: 400, owner: 400, staff: 400, officeOwner: 400 },
  },
  'GET /api/office/staff': {
    path: () => '/api/office/staff',
    expect: { nobody: 401, other: 403, owner: 403, staff: 403, officeOwner: 200 },
  },
  'POST /api/office/staff/invite': {
    path: () => '/api/office/staff/invite',
    body: { email: 'matrix-invitee@company.example', role: 'staff' },
    expect: { nobody: 401, other: 403, owner: 403, staff: 403, officeOwner: 201 },
  },
  'POST /api/office/staff/:id/suspend': {
    path: (ids) => `/api/office/staff/${ids.officeTargetId}/suspend`,
    body: {},
    expect: { nobody: 401, other: 403, owner: 403, staff: 403, officeOwner: 200 },
  },
  'POST /api/office/staff/:id/role': {
    path: (ids) => `/api/office/staff/${ids.officeTargetId}/role`,
    body: { role: 'owner' },
    expect: { nobody: 401, other: 403, owner: 403, staff: 403, officeOwner: 200 },
  },
  // Only `npm run backup` on this machine, with the token the server wrote into DATA_DIR: 404 to everyone else.
  'POST /api/ops/backup': {
    path: () => '/api/ops/backup',
    body: {},
    expect: { nobody: 404, other: 404, owner: 404, staff: 404, officeOwner: 404 },
  },
  // Public, token-gated: a made-up token confirms nothing for anyone.
  'POST /api/account/confirm-email': {
    path: () => '/api/account/confirm-email',
    body: { token: 'made.up.token', password: 'some-long-password' },
    expect: { nobody: 400, other: 400, owner: 400, staff: 400, officeOwner: 400 },
  },
};

let portal: TestPortal;
let ownerCookie: string;
let otherCookie: string;
let staffCookie: string;
let officeOwnerCookie: string;
let ids: Ids;

beforeAll(async () => {
  portal = await createTestPortal();
  ownerCookie = await portal.signUp('owner@example.com', { address: `${SECRET} address`, phone: `${SECRET} phone` });
  otherCookie = await portal.signUp('other@example.com');
  const quote = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES ('OWNER@example.com', ${`${SECRET} roof`}, 999.99, 'Sent') RETURNING id`.execute(portal.db);
  // The status change is logged by the database: the owner's history now carries the marker too.
  await sql`UPDATE quotes SET status = ${`${SECRET} status`} WHERE id = ${quote.rows[0]!.id}`.execute(portal.db);
  const order = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
    VALUES ('owner@example.com', ${`${SECRET} leak`}, ${`${SECRET} street`}) RETURNING id`.execute(portal.db);
  staffCookie = (await createOfficeAccount(portal, 'matrix-staff@company.example', 'staff')).cookie;
  officeOwnerCookie = (await createOfficeAccount(portal, 'matrix-owner@company.example', 'owner')).cookie;
  const target = await inviteOffice(portal, 'matrix-target@company.example', 'staff');
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
  };
  const { id: ownerCustomerId } = await portal.db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', 'owner@example.com')
    .executeTakeFirstOrThrow();
  ids = {
    quoteId: quote.rows[0]!.id,
    orderId: order.rows[0]!.id,
    officeTargetId: target.userId,
    quotes,
    ownerCustomerId: Number(ownerCustomerId),
  };
});
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
      const call = (cookie?: string) => portal.request(entry.path(ids), { method, body: entry.body, cookie });

      const asNobody = await call();
      expect(asNobody.status, 'as nobody').toBe(entry.expect.nobody);
      expect(await asNobody.text()).not.toContain(SECRET);

      const asOther = await call(otherCookie);
      expect(asOther.status, 'as another customer').toBe(entry.expect.other);
      expect(await asOther.text()).not.toContain(SECRET);

      const asOwner = await call(ownerCookie);
      expect(asOwner.status, 'as the owner').toBe(entry.expect.owner);

      for (const [who, cookie] of [
        ['staff', staffCookie],
        ['officeOwner', officeOwnerCookie],
      ] as const) {
        const asOffice = await call(cookie);
        expect(asOffice.status, `as ${who}`).toBe(entry.expect[who]);
        const text = await asOffice.text();
        if (entry.officeReads) expect(text).toContain(SECRET);
        else expect(text).not.toContain(SECRET);
        if (!route.includes(' /api/office/') && asOffice.status === 403) expect(JSON.parse(text).error.message).toBe(OFFICE_REFUSAL);
      }
    });
  }

  it('the owner does see the records (the marker test above is not vacuous)', async () => {
    const res = await portal.request('/api/quotes', { cookie: ownerCookie });
    expect(await res.text()).toContain(SECRET);
  });
});
