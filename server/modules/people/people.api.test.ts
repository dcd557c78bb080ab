import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { withCustomerScope, readInCustomerScope } from '../../platform/db/customer-scope';
import { runInRequest } from '../../platform/request-context';
import { createTestPortal, sessionCookie, type TestPortal } from '../../../tests/support/harness';
import { invitedPerson, joinWith, personInvitationToken } from '../../../tests/support/people';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * Several people on one account (issue 26.4, decisions 244-247). The owner's records are put in
 * with plain SQL by e-mail, as the spec's habit does, and carry a marker nobody else may ever see.
 */
const SECRET = 'OLIVIA-ONLY-51c2';
const approval = {
  version: 1,
  signerName: 'Pat Person',
  accepted: true,
  consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
};

let portal: TestPortal;
let owner: string;
let ids: { sqlQuote: number; order: number; approve: number; decline: number; ask: number };
const userIdOf = async (email: string) =>
  (await portal.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  portal = await createTestPortal();
  owner = await portal.signUp('olivia@example.com', { name: 'Olivia Owner' });
  const sqlQuote = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES ('OLIVIA@example.com', ${`${SECRET} roof`}, 120.00, 'Sent') RETURNING id`.execute(portal.db);
  const order = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
    VALUES ('olivia@example.com', ${`${SECRET} gutter`}, '3 Oak Lane') RETURNING id`.execute(portal.db);
  const lines = [{ description: 'Boards', quantity: '2', unitPrice: '50.00' }];
  const written = (description: string) => putSentQuoteWithSql(portal.db, 'olivia@example.com', { description, lines }).then((q) => q.id);
  ids = {
    sqlQuote: Number(sqlQuote.rows[0]!.id),
    order: Number(order.rows[0]!.id),
    approve: await written(`${SECRET} fence`),
    decline: await written(`${SECRET} shed`),
    ask: await written(`${SECRET} deck`),
  };
}, 120_000);
afterAll(() => portal?.close());

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('the owner invites, the person joins', () => {
  it("e-mails a one-time link; joining makes the person's own sign-in, who reads the account's records (the SQL habit's too)", async () => {
    const invited = await portal.request('/api/people', {
      cookie: owner,
      body: { email: 'Sam@Example.com', role: 'view_only', locale: 'es' },
    });
    expect(invited.status).toBe(201);
    const people = (await json(invited)).people as { email: string; role: string; joinedAt: string | null }[];
    expect(people).toEqual([expect.objectContaining({ email: 'sam@example.com', role: 'view_only', joinedAt: null })]);
    const token = await personInvitationToken(portal, 'sam@example.com');
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select(['subject', 'reply_to'])
      .where('to_address', '=', 'sam@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Olivia Owner le invita a su portal de clientes de ' + portal.config.company.name);
    // Only the hash is kept.
    expect(await portal.db.selectFrom('account_people').select('id').where('token_hash', '=', token).execute()).toEqual([]);

    const view = await portal.request('/api/auth/account-person/view', { body: { token } });
    expect(await view.json()).toEqual({
      state: 'open',
      email: 'sam@example.com',
      accountName: 'Olivia Owner',
      role: 'view_only',
      locale: 'es',
    });
    const joined = await joinWith(portal, token, 'Sam Spouse');
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ next: '/' });
    // Once only.
    expect((await joinWith(portal, token)).status).toBe(410);
    expect(await (await portal.request('/api/auth/account-person/view', { body: { token } })).json()).toEqual({ state: 'invalid' });

    const sam = sessionCookie(joined)!;
    for (const path of [
      '/api/quotes',
      '/api/work-orders',
      '/api/dashboard',
      `/api/quotes/${ids.approve}`,
      `/api/work-orders/${ids.order}`,
    ]) {
      const res = await portal.request(path, { cookie: sam });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(SECRET);
    }
    const list = await json(await portal.request('/api/people', { cookie: sam }));
    expect(list.you).toEqual({ email: 'sam@example.com', role: 'view_only' });
    expect(list.accountEmail).toBe('olivia@example.com');
    expect(list.people).toEqual([expect.objectContaining({ email: 'sam@example.com', name: 'Sam Spouse', joinedAt: expect.any(String) })]);
    // A person is no customer of their own: no customers row for the office's list.
    expect(await portal.db.selectFrom('customers').select('id').where('email', '=', 'sam@example.com').execute()).toEqual([]);
  });

  it("refuses the owner's own address, an address in an account, one with its own portal, and anyone but the owner", async () => {
    const invite = (cookie: string, email: string) =>
      portal.request('/api/people', { cookie, body: { email, role: 'view_only', locale: 'en' } });
    const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    let res = await invite(owner, 'OLIVIA@example.com');
    expect([res.status, await code(res)]).toEqual([409, 'own_email']);
    res = await invite(owner, 'sam@example.com');
    expect([res.status, await code(res)]).toEqual([409, 'person_exists']);
    const neighbour = await portal.signUp('nina@example.com');
    res = await invite(owner, 'nina@example.com');
    expect([res.status, await code(res)]).toEqual([409, 'has_own_account']);
    // Records by e-mail, with no sign-in yet, are a portal of their own too.
    await sql`INSERT INTO work_orders (email, description, address) VALUES ('hal@example.com', 'Leak', '1 Road')`.execute(portal.db);
    res = await invite(owner, 'hal@example.com');
    expect([res.status, await code(res)]).toEqual([409, 'has_own_account']);
    // Another owner cannot take a person invited here.
    res = await invite(neighbour, 'sam@example.com');
    expect([res.status, await code(res)]).toEqual([409, 'person_exists']);
    const payer = await invitedPerson(portal, owner, 'paula@example.com', 'approve_and_pay');
    res = await invite(payer, 'quinn@example.com');
    expect([res.status, await code(res)]).toEqual([403, 'owner_only']);
  });

  it('refuses an expired link', async () => {
    await portal.request('/api/people', { cookie: owner, body: { email: 'late@example.com', role: 'view_only', locale: 'en' } });
    const token = await personInvitationToken(portal, 'late@example.com');
    await sql`UPDATE account_people SET token_expires_at = now() - interval '1 second' WHERE email = 'late@example.com'`.execute(portal.db);
    expect((await joinWith(portal, token)).status).toBe(410);
  });
});

/** Every state-changing customer route of the app's own table: those that refuse nobody with 401. */
async function customerWrites(): Promise<string[]> {
  const writes = [
    ...new Set(
      portal.runtime.app.routes
        .filter(
          (r) =>
            r.method === 'POST' && r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/') && !r.path.startsWith('/api/office/'),
        )
        .map((r) => r.path),
    ),
  ];
  const guarded: string[] = [];
  for (const path of writes) {
    const res = await portal.request(path.replace(/:\w+/g, '1'), { body: {} });
    if (res.status === 401) guarded.push(path);
  }
  return guarded.sort();
}

describe('a view-only person', () => {
  let sam: string;
  beforeAll(async () => {
    sam = await invitedPerson(portal, owner, 'viv@example.com', 'view_only', 'Viv Viewer');
  });

  it('is refused (403 view_only) on every state-changing customer route but leaving', async () => {
    const routes = await customerWrites();
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/quotes/:id/approve',
        '/api/quotes/:id/decline',
        '/api/work-orders',
        '/api/work-orders/:id/cancel',
        '/api/profile',
        '/api/people',
      ]),
    );
    for (const path of routes.filter((p) => p !== '/api/people/leave')) {
      const res = await portal.request(path.replace(/:\w+/g, String(ids.approve)), { cookie: sam, body: {} });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('view_only');
    }
  });

  it('approves, declines, cancels and asks nothing: the records stay as they were', async () => {
    const calls: [string, unknown][] = [
      [`/api/quotes/${ids.approve}/approve`, approval],
      [`/api/quotes/${ids.decline}/decline`, { version: 1 }],
      [`/api/quotes/${ids.ask}/revision-requests`, { message: 'Cedar please' }],
      [`/api/work-orders/${ids.order}/cancel`, {}],
      ['/api/work-orders', { address: '1 Elm', description: 'Fix the gate' }],
      ['/api/profile', { name: 'Viv', phone: '', address: '' }],
    ];
    for (const [path, body] of calls) expect((await portal.request(path, { cookie: sam, body })).status, path).toBe(403);
    const quotes = await portal.db.selectFrom('quotes').select(['id', 'status']).where('id', 'in', [ids.approve, ids.decline]).execute();
    expect(quotes.map((q) => q.status)).toEqual(['Sent', 'Sent']);
    expect((await portal.db.selectFrom('work_orders').select('status').where('id', '=', ids.order).executeTakeFirstOrThrow()).status).toBe(
      'Pending',
    );
    expect(await portal.db.selectFrom('quote_requests').select('id').where('quote_id', '=', ids.ask).execute()).toEqual([]);
  });
});

describe('a person who can approve and pay', () => {
  it("approves, asks and requests; every record says which person did it; the account itself stays the owner's", async () => {
    const paula = await portal.request('/api/people', { cookie: owner });
    expect(paula.status).toBe(200);
    const pat = await invitedPerson(portal, owner, 'pat@example.com', 'approve_and_pay', 'Pat Payer');
    const patId = await userIdOf('pat@example.com');
    expect((await portal.request(`/api/quotes/${ids.approve}/approve`, { cookie: pat, body: approval })).status).toBe(201);
    const decided = await portal.db
      .selectFrom('quote_approvals')
      .select(['person_id'])
      .where('quote_id', '=', ids.approve)
      .executeTakeFirstOrThrow();
    expect(decided.person_id).toBe(patId);
    expect(
      (await portal.request(`/api/quotes/${ids.ask}/revision-requests`, { cookie: pat, body: { message: 'Cedar please' } })).status,
    ).toBe(201);
    const asked = await portal.db
      .selectFrom('quote_requests')
      .select(['person_id', 'email'])
      .where('quote_id', '=', ids.ask)
      .executeTakeFirstOrThrow();
    expect(asked).toEqual({ person_id: patId, email: 'olivia@example.com' });
    const made = await portal.request('/api/work-orders', { cookie: pat, body: { address: '3 Oak Lane', description: 'Paint the porch' } });
    expect(made.status).toBe(201);
    const order = await portal.db
      .selectFrom('work_orders')
      .select(['email', 'requested_by'])
      .where('description', '=', 'Paint the porch')
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ email: 'olivia@example.com', requested_by: patId });
    // The office sees who asked, by name.
    const clerk = await createOfficeAccount(portal, 'clerk@company.example');
    const madeId = (
      await portal.db.selectFrom('work_orders').select('id').where('description', '=', 'Paint the porch').executeTakeFirstOrThrow()
    ).id;
    const seen = await portal.request(`/api/office/work-orders/${madeId}`, { cookie: clerk.cookie });
    expect(((await seen.json()) as { requestedBy: unknown }).requestedBy).toEqual({ name: 'Pat Payer', email: 'pat@example.com' });
    // The owner's own requests say the owner; plain SQL's say nobody.
    await portal.request('/api/work-orders', { cookie: owner, body: { address: '3 Oak Lane', description: 'Owner asks' } });
    const own = await portal.db
      .selectFrom('work_orders')
      .select('requested_by')
      .where('description', '=', 'Owner asks')
      .executeTakeFirstOrThrow();
    expect(own.requested_by).toBe(await userIdOf('olivia@example.com'));
    expect(
      (await portal.db.selectFrom('work_orders').select('requested_by').where('id', '=', ids.order).executeTakeFirstOrThrow()).requested_by,
    ).toBeNull();
    for (const [path, body] of [
      ['/api/profile', { name: 'Pat', phone: '', address: '' }],
      ['/api/profile/email-updates', { enabled: false }],
      ['/api/profile/email', { newEmail: 'x@example.com', password: 'a-person-of-the-account' }],
    ] as const) {
      const res = await portal.request(path, { cookie: pat, body });
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code], path).toEqual([403, 'owner_only']);
    }
  });
});

describe('a person of another account', () => {
  it('replays every customer call on these records and sees nothing, changes nothing', async () => {
    const other = await portal.signUp('bruno@example.com');
    const intruder = await invitedPerson(portal, other, 'ivan@example.com', 'approve_and_pay', 'Ivan Intruder');
    const personId = (
      await portal.db.selectFrom('account_people').select('id').where('email', '=', 'viv@example.com').executeTakeFirstOrThrow()
    ).id;
    const idFor = (path: string) =>
      path.startsWith('/api/work-orders') ? ids.order : path.startsWith('/api/people') ? Number(personId) : ids.decline;
    const bodies: Record<string, unknown> = {
      '/api/quotes/:id/approve': approval,
      '/api/quotes/:id/decline': { version: 1 },
      '/api/quotes/:id/revision-requests': { message: 'Mine now' },
    };
    const routes = [
      ...new Set(
        portal.runtime.app.routes
          .filter(
            (r) => (r.method === 'GET' || r.method === 'POST') && r.path.startsWith('/api/') && !/^\/api\/(auth|office)\//.test(r.path),
          )
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      if (path === '/api/people/leave' || path === '/api/*') continue;
      const url = path.replace(':version', '1').replace(/:\w+/g, String(idFor(path)));
      const res = await portal.request(url, { method, cookie: intruder, body: method === 'POST' ? (bodies[path] ?? {}) : undefined });
      expect(await res.text(), route).not.toContain(SECRET);
      expect(res.status, route).not.toBe(500);
    }
    expect((await portal.db.selectFrom('quotes').select('status').where('id', '=', ids.decline).executeTakeFirstOrThrow()).status).toBe(
      'Sent',
    );
    expect((await portal.db.selectFrom('work_orders').select('status').where('id', '=', ids.order).executeTakeFirstOrThrow()).status).toBe(
      'Pending',
    );
    expect(await portal.db.selectFrom('account_people').select('id').where('id', '=', personId).execute()).toHaveLength(1);
  });

  it('the database alone: a scope claiming this account for a person of another shows nothing', async () => {
    const intruderId = await userIdOf('ivan@example.com');
    const vivId = await userIdOf('viv@example.com');
    const read = (person: string, email: string) =>
      runInRequest({ requestId: 'forged', person }, () =>
        withCustomerScope(portal.db, email, (trx) =>
          trx
            .selectFrom('quotes')
            .select('id')
            .where(sql<boolean>`true`)
            .execute(),
        ),
      );
    expect(await read(intruderId, 'olivia@example.com')).toEqual([]);
    expect((await read(vivId, 'olivia@example.com')).length).toBeGreaterThan(0);
    // The owner's own sign-in claiming a person's account, and a request with no person at all.
    expect(await read(await userIdOf('bruno@example.com'), 'olivia@example.com')).toEqual([]);
    expect(
      await runInRequest({ requestId: 'nobody' }, () =>
        readInCustomerScope(portal.db, 'olivia@example.com', portal.db.selectFrom('work_orders').select('id')),
      ),
    ).toEqual([]);
    const setting = await runInRequest({ requestId: 'forged', person: intruderId }, () =>
      withCustomerScope(portal.db, 'olivia@example.com', (trx) =>
        sql<{ email: string }>`SELECT current_setting('portal.email') AS email`.execute(trx),
      ),
    );
    expect(setting.rows[0]!.email).toBe('');
  });
});

describe('removing a person', () => {
  it('ends their access at once, API and database', async () => {
    const gone = await invitedPerson(portal, owner, 'gus@example.com', 'approve_and_pay', 'Gus Gone');
    const gusId = await userIdOf('gus@example.com');
    expect(await (await portal.request('/api/quotes', { cookie: gone })).text()).toContain(SECRET);
    const row = await portal.db.selectFrom('account_people').select('id').where('email', '=', 'gus@example.com').executeTakeFirstOrThrow();
    // Only the owner removes.
    const viv = await portal.signUp('robin@example.com');
    expect((await portal.request(`/api/people/${row.id}/remove`, { cookie: viv, body: {} })).status).toBe(404);
    const removed = await portal.request(`/api/people/${row.id}/remove`, { cookie: owner, body: {} });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { people: { email: string }[] }).people.map((p) => p.email)).not.toContain('gus@example.com');
    expect((await portal.request('/api/quotes', { cookie: gone })).status).toBe(401);
    const after = await runInRequest({ requestId: 'removed', person: gusId }, () =>
      withCustomerScope(portal.db, 'olivia@example.com', (trx) => trx.selectFrom('quotes').select('id').execute()),
    );
    expect(after).toEqual([]);
  });

  it('a person may leave; the owner may not', async () => {
    const lea = await invitedPerson(portal, owner, 'lea@example.com', 'view_only', 'Lea Leaving');
    expect((await portal.request('/api/people/leave', { cookie: lea, body: {} })).status).toBe(200);
    expect((await portal.request('/api/quotes', { cookie: lea })).status).toBe(401);
    const res = await portal.request('/api/people/leave', { cookie: owner, body: {} });
    expect(res.status).toBe(409);
  });
});
