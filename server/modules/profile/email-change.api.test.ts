import { CONSENT_VERSION } from '../../../contracts/signatures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, sessionCookie, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { EMAIL_CHANGE_ATTEMPTS_PER_HOUR } from './request-email-change';

/**
 * Changing the e-mail address (issue 14.6): the request checks the password and answers alike for
 * every address; the new address's link (its own page, then a POST) moves the account and every
 * record keyed by the old address in one transaction, once.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const PASSWORD = 'correct-horse-battery';
/** Every table that names a customer by e-mail, and where. */
const KEYED = [
  ['customers', 'email'],
  ['quotes', 'email'],
  ['quote_requests', 'email'],
  ['work_orders', 'email'],
  ['work_order_photos', 'email'],
  ['office_inbox', 'email'],
  ['work_order_events', 'actor_email'],
] as const;

async function rowsKeyedBy(email: string) {
  const counts: Record<string, number> = {};
  for (const [table, column] of KEYED) {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE lower(${sql.ref(column)}) = ${email}`.execute(portal.db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

const ask = (cookie: string, body: unknown) => portal.request('/api/profile/email', { cookie, body });
const confirm = (token: string, cookie?: string) => portal.request('/api/account/confirm-email-change', { body: { token }, cookie });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function signIn(email: string, password = PASSWORD) {
  return portal.request('/api/auth/sign-in/email', { body: { email, password } });
}

/** The last e-mail of `kind` to `to`, after the worker ran. */
async function lastMail(to: string, kind: string) {
  await portal.runtime.mail.drain();
  return [...portal.mail.sent].reverse().find((m) => m.to_address === to && m.kind === kind);
}

/** The token of the newest change link e-mailed to `to`. */
async function linkTokenFor(to: string) {
  const mail = await lastMail(to, 'email-change');
  const link = mail?.text_body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no change link to ${to}`);
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/confirm-email-change`);
  return url.searchParams.get('token')!;
}

/** A customer with one of everything: an approved quote with versions, a revision request, a cancelled order (their own step), a photo. */
async function customerWithRecords(email: string) {
  const cookie = await portal.signUp(email);
  const quote = await putSentQuoteWithSql(portal.db, email, {
    description: 'Deck',
    lines: [{ description: 'Boards', quantity: '2', unitPrice: '10' }],
  });
  const approved = await portal.request(`/api/quotes/${quote.id}/approve`, {
    cookie,
    body: { version: 1, signerName: 'Sam Owner', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
  });
  expect(approved.status).toBe(201);
  const other = await putSentQuoteWithSql(portal.db, email, {
    description: 'Fence',
    lines: [{ description: 'Posts', quantity: '1', unitPrice: '5' }],
  });
  expect((await portal.request(`/api/quotes/${other.id}/revision-requests`, { cookie, body: { message: 'Cedar please.' } })).status).toBe(
    201,
  );
  const order = await portal.request('/api/work-orders', { cookie, body: { address: '1 Elm St', description: 'Fix the gate' } });
  const { id: orderId } = (await order.json()) as { id: number };
  expect((await portal.request(`/api/work-orders/${orderId}/cancel`, { cookie, body: {} })).status).toBe(200);
  await sql`INSERT INTO work_order_photos (work_order_id, email, content_type, width, height, data, thumbnail_type, thumbnail_width,
      thumbnail_height, thumbnail, source_type)
    VALUES (${orderId}, ${email}, 'image/jpeg', 1, 1, '\\x00', 'image/jpeg', 1, 1, '\\x00', 'image/jpeg')`.execute(portal.db);
  return { cookie, quoteId: quote.id, orderId };
}

describe('asking for the change', () => {
  it('checks the shared contract, the current password and the address, and changes nothing yet', async () => {
    const cookie = await portal.signUp('ask@example.com');
    const refused = async (body: unknown, status: number, code: string, message?: RegExp) => {
      const res = await ask(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      if (message) expect(error.message).toMatch(message);
    };
    await refused({ newEmail: 'not-an-address', password: PASSWORD }, 400, 'invalid_request', /Enter a valid e-mail address/);
    await refused({ newEmail: `${'a'.repeat(250)}@example.com`, password: PASSWORD }, 400, 'invalid_request', /at most 254/);
    await refused({ newEmail: 'new@example.com', password: '' }, 400, 'invalid_request', /Enter your current password/);
    await refused({ newEmail: ' ASK@example.com ', password: PASSWORD }, 400, 'same_email', /already your e-mail address/);
    await refused({ newEmail: 'new@example.com', password: 'not-my-password' }, 400, 'wrong_password', /password is not correct/);

    const res = await ask(cookie, { newEmail: ' Ask.New@Example.com ', password: PASSWORD });
    expect(res.status).toBe(200);
    const { pendingEmail } = (await res.json()) as { pendingEmail: { email: string; expiresAt: string } };
    expect(pendingEmail.email).toBe('ask.new@example.com');
    const hours = (new Date(pendingEmail.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const profile = (await (await portal.request('/api/profile', { cookie })).json()) as { email: string; pendingEmail: unknown };
    expect(profile).toMatchObject({ email: 'ask@example.com', pendingEmail: { email: 'ask.new@example.com' } });
    expect((await signIn('ask@example.com')).status).toBe(200);
    expect((await signIn('ask.new@example.com')).status).toBe(401);
    const mail = await lastMail('ask.new@example.com', 'email-change');
    expect(mail?.subject).toBe('Confirm your new e-mail for the Northwind Builders (demo) customer portal');
    expect(mail?.text_body).toContain('valid for 24 hours');

    // Asked again at once (Better Auth's token may be the very same): a second link, never an 'in use' notice.
    expect((await ask(cookie, { newEmail: 'ask.new@example.com', password: PASSWORD })).status).toBe(200);
    await portal.runtime.mail.drain();
    expect(portal.mail.sent.filter((m) => m.to_address === 'ask.new@example.com').map((m) => m.kind)).toEqual([
      'email-change',
      'email-change',
    ]);
  });

  it('answers alike for an address that has an account (a customer or the office): its owner gets a notice, no link', async () => {
    const cookie = await portal.signUp('curious@example.com');
    await portal.signUp('taken@example.com');
    await createOfficeAccount(portal, 'taken-office@company.example');
    const free = await ask(cookie, { newEmail: 'free-one@example.com', password: PASSWORD });
    for (const address of ['taken@example.com', 'TAKEN-office@company.example']) {
      const res = await ask(cookie, { newEmail: address, password: PASSWORD });
      expect(res.status).toBe(free.status);
      expect(Object.keys(((await res.json()) as { pendingEmail: object }).pendingEmail)).toEqual(['email', 'expiresAt']);
      const notice = await lastMail(address.toLowerCase(), 'email-in-use');
      expect(notice?.text_body).toContain('already has an account with us, so nothing was changed');
      expect(notice?.text_body).not.toContain('curious@example.com');
      expect(notice?.text_body).not.toMatch(/https?:\/\//);
      expect(await lastMail(address.toLowerCase(), 'email-change')).toBeUndefined();
    }
    const { rows } = await sql<{ token_hash: string | null }>`SELECT token_hash FROM email_changes e JOIN "user" u ON u.id = e.user_id
      WHERE u.email = 'curious@example.com'`.execute(portal.db);
    expect(rows).toEqual([{ token_hash: null }]);
  });

  it("is refused to an office account (403) and to nobody (401); Better Auth's own /change-email is closed", async () => {
    const office = await createOfficeAccount(portal, 'office-changer@company.example');
    const asOffice = await ask(office.cookie, { newEmail: 'elsewhere@company.example', password: 'x' });
    expect(asOffice.status).toBe(403);
    expect((await errorOf(asOffice)).message).toBe('This is an office account.');
    expect((await portal.request('/api/profile/email', { body: { newEmail: 'a@example.com', password: 'x' } })).status).toBe(401);
    const cookie = await portal.signUp('direct@example.com');
    const direct = await portal.request('/api/auth/change-email', { cookie, body: { newEmail: 'direct-new@example.com' } });
    expect(direct.status).toBe(404);
    expect(await lastMail('direct-new@example.com', 'email-change')).toBeUndefined();
  });

  it(`allows ${EMAIL_CHANGE_ATTEMPTS_PER_HOUR} attempts an hour, wrong passwords included`, async () => {
    const cookie = await portal.signUp('guesser@example.com');
    for (let i = 0; i < EMAIL_CHANGE_ATTEMPTS_PER_HOUR; i++) {
      expect((await ask(cookie, { newEmail: 'guess@example.com', password: 'guess-password' })).status).toBe(400);
    }
    const res = await ask(cookie, { newEmail: 'guess@example.com', password: PASSWORD });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).message).toMatch(/Too many attempts/);
  });
});

describe('confirming from the new address', () => {
  it('moves the account and every record to the new address; the old address no longer signs in; others sign out; the old address is told', async () => {
    const old = 'mover@example.com';
    const next = 'mover.new@example.com';
    const { cookie, quoteId } = await customerWithRecords(old);
    await customerWithRecords('bystander@example.com');
    await portal.db.updateTable('customers').set({ account_number: 'AC-77' }).where('email', '=', old).execute();
    const before = await rowsKeyedBy(old);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const bystander = await rowsKeyedBy('bystander@example.com');
    const quotesBefore = await (await portal.request('/api/quotes', { cookie })).text();

    const otherDevice = sessionCookie(await signIn(old))!;
    expect((await ask(cookie, { newEmail: next, password: PASSWORD })).status).toBe(200);
    const token = await linkTokenFor(next);
    // Nothing moves before the link is used.
    expect(await rowsKeyedBy(old)).toEqual(before);

    const res = await confirm(token, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'changed', email: next, signedIn: true });

    expect(await rowsKeyedBy(next)).toEqual(before);
    expect(Object.values(await rowsKeyedBy(old)).every((n) => n === 0)).toBe(true);
    expect(await rowsKeyedBy('bystander@example.com')).toEqual(bystander);

    // This browser stays signed in and sees everything under the new address.
    const profile = (await (await portal.request('/api/profile', { cookie })).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ email: next, account_number: 'AC-77', pendingEmail: null });
    const quotesAfter = await (await portal.request('/api/quotes', { cookie })).text();
    expect(quotesAfter.replaceAll(next, old)).toBe(quotesBefore);
    expect((await portal.request(`/api/quotes/${quoteId}`, { cookie })).status).toBe(200);
    // The other device is signed out; the old address signs in no more, the new one does.
    expect((await portal.request('/api/profile', { cookie: otherDevice })).status).toBe(401);
    expect((await signIn(old)).status).toBe(401);
    const fresh = sessionCookie(await signIn(next))!;
    expect(await (await portal.request('/api/work-orders', { cookie: fresh })).text()).toContain('Fix the gate');

    const notice = await lastMail(old, 'email-changed');
    expect(notice?.subject).toBe('Your Northwind Builders (demo) portal e-mail address was changed');
    expect(notice?.text_body).toContain(next);
    expect(notice?.text_body).toContain('office@northwind-builders.example');

    // The link is used up.
    const again = await confirm(token, cookie);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe('invalid_token');
  });

  it('signs out every session when opened in a browser that is not signed in, and a reset link sent to the old address stops working', async () => {
    const cookie = await portal.signUp('elsewhere@example.com');
    expect(
      (
        await portal.request('/api/auth/request-password-reset', {
          body: { email: 'elsewhere@example.com', redirectTo: '/reset-password' },
        })
      ).status,
    ).toBe(200);
    await ask(cookie, { newEmail: 'elsewhere.new@example.com', password: PASSWORD });
    const res = await confirm(await linkTokenFor('elsewhere.new@example.com'));
    expect(await res.json()).toMatchObject({ signedIn: false });
    expect((await portal.request('/api/profile', { cookie })).status).toBe(401);
    const { rows } = await sql`SELECT 1 FROM verification v JOIN "user" u ON u.id = v.value
      WHERE v.identifier LIKE 'reset-password:%' AND u.email = 'elsewhere.new@example.com'`.execute(portal.db);
    expect(rows).toEqual([]);
  });

  it('refuses an expired link, an earlier link after a newer request, a damaged one, and a link whose address got an account meanwhile', async () => {
    const cookie = await portal.signUp('careful@example.com');
    await ask(cookie, { newEmail: 'first@example.com', password: PASSWORD });
    const first = await linkTokenFor('first@example.com');
    await ask(cookie, { newEmail: 'second@example.com', password: PASSWORD });
    const second = await linkTokenFor('second@example.com');
    expect((await errorOf(await confirm(first))).code).toBe('invalid_token');
    expect((await errorOf(await confirm(`${second.slice(0, -2)}xx`))).code).toBe('invalid_token');

    await sql`UPDATE email_changes SET expires_at = now() - interval '1 second'
      WHERE user_id = (SELECT id FROM "user" WHERE email = 'careful@example.com')`.execute(portal.db);
    const expired = await confirm(second);
    expect(expired.status).toBe(400);
    expect((await errorOf(expired)).message).toBe('This link is invalid, has expired or was already used.');
    expect(((await (await portal.request('/api/profile', { cookie })).json()) as { pendingEmail: unknown }).pendingEmail).toBeNull();

    await ask(cookie, { newEmail: 'third@example.com', password: PASSWORD });
    const third = await linkTokenFor('third@example.com');
    await portal.signUp('third@example.com');
    const lost = await confirm(third, cookie);
    expect(lost.status).toBe(409);
    expect((await errorOf(lost)).message).toBe('This address now belongs to another account. Your e-mail address was not changed.');
    expect((await signIn('careful@example.com')).status).toBe(200);
  });

  it('changes the address once when the link is confirmed twice at the same moment', async () => {
    const cookie = await portal.signUp('racer@example.com');
    await ask(cookie, { newEmail: 'racer.new@example.com', password: PASSWORD });
    const token = await linkTokenFor('racer.new@example.com');
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    await portal.runtime.mail.drain();
    expect(portal.mail.sent.filter((m) => m.to_address === 'racer@example.com' && m.kind === 'email-changed')).toHaveLength(1);
  });

  it("joins a customer the office added under the new address: one profile, keeping the office's account number and records", async () => {
    const { cookie } = await customerWithRecords('joiner@example.com');
    const added = await portal.request('/api/office/customers', {
      cookie: (await createOfficeAccount(portal, 'adder@company.example')).cookie,
      body: { email: 'Joiner.Work@example.com', name: 'Joiner At Work', phone: '555-0199' },
    });
    expect(added.status).toBe(201);
    await sql`UPDATE customers SET account_number = 'AC-9' WHERE lower(email) = 'joiner.work@example.com'`.execute(portal.db);
    await sql`INSERT INTO quotes (email, description, total, status) VALUES ('joiner.work@example.com', 'Office quote', 10, 'Sent')`.execute(
      portal.db,
    );

    await ask(cookie, { newEmail: 'joiner.work@example.com', password: PASSWORD });
    expect((await confirm(await linkTokenFor('joiner.work@example.com'), cookie)).status).toBe(200);
    const rows = await portal.db
      .selectFrom('customers')
      .select(['name', 'phone', 'account_number'])
      .where(sql<boolean>`lower(email) = 'joiner.work@example.com'`)
      .execute();
    expect(rows).toEqual([{ name: 'Test Customer', phone: '555-0100', account_number: 'AC-9' }]);
    const { quotes } = (await (await portal.request('/api/quotes', { cookie })).json()) as { quotes: { description: string }[] };
    expect(quotes.map((q) => q.description).sort()).toEqual(['Deck', 'Fence', 'Office quote']);
  });

  it("sends Better Auth's own /verify-email URL for a change token to the confirmation page, changing nothing", async () => {
    const cookie = await portal.signUp('detour@example.com');
    await ask(cookie, { newEmail: 'detour.new@example.com', password: PASSWORD });
    const token = await linkTokenFor('detour.new@example.com');
    const res = await portal.request(`/api/auth/verify-email?token=${token}&callbackURL=%2F`, { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/confirm-email-change?token=${token}`);
    expect((await signIn('detour@example.com')).status).toBe(200);
    expect((await confirm(token)).status).toBe(200);
  });

  it('a quote approved under the old address stays frozen in every other way', async () => {
    const { quoteId } = await customerWithRecords('frozen@example.com');
    await expect(sql`UPDATE quotes SET email = 'someone@example.com' WHERE id = ${quoteId}`.execute(portal.db)).rejects.toThrow(
      /approved and frozen/,
    );
    await expect(sql`UPDATE quotes SET description = 'x' WHERE id = ${quoteId}`.execute(portal.db)).rejects.toThrow(/approved and frozen/);
  });
});
