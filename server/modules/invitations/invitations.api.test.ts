import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, sessionCookie, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putDraftQuoteWithSql } from '../../../tests/support/quotes';

let portal: TestPortal;
let office: string;
beforeAll(async () => {
  portal = await createTestPortal();
  office = (await createOfficeAccount(portal, 'clerk@company.example')).cookie;
});
afterAll(() => portal?.close());

const PASSWORD = 'a-brand-new-password';

async function addCustomer(email: string, extra: { name?: string; phone?: string } = {}) {
  const res = await portal.request('/api/office/customers', {
    body: { email, name: extra.name ?? 'Rosa Díaz', phone: extra.phone ?? '555-0142', address: '9 Elm St' },
    cookie: office,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The office sends a quote to the customer (the first one: it carries the invitation). */
async function sendQuote(email: string) {
  const id = await putDraftQuoteWithSql(portal.db, email, { lines: [{ description: 'Fence', quantity: '1', unitPrice: '900.00' }] });
  const res = await portal.request(`/api/office/quotes/${id}/send`, { method: 'POST', body: {}, cookie: office });
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}

const mailsTo = (email: string, kind?: string) =>
  portal.db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'text_body'])
    .where('to_address', '=', email)
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .orderBy('id')
    .execute();

const tokenIn = (text: string) => new URL(text.match(/https?:\/\/\S*portal-access\S*/)![0]).searchParams.get('token')!;

const view = (token: string) => portal.request('/api/auth/portal-invitation/view', { body: { token } });
const accept = (token: string, fields: Partial<{ name: string; phone: string; password: string; locale: 'en' | 'es' }> = {}) =>
  portal.request('/api/auth/portal-invitation/accept', {
    body: { token, name: 'Rosa Díaz', phone: '555-0142', password: PASSWORD, locale: 'en', ...fields },
  });

describe('portal invitation with the first quote', () => {
  it('links the quote e-mail to set-up with the office data, confirms the address, signs in on the quote, once', async () => {
    const email = 'rosa@example.com';
    await addCustomer(email);
    const quoteId = await sendQuote(email);
    const [quoteMail] = await mailsTo(email, 'quote-sent');
    expect(quoteMail!.text_body).toContain('sets up your access in one step');
    const token = tokenIn(quoteMail!.text_body);
    // Only its hash is stored.
    expect(await portal.db.selectFrom('portal_invitations').select('id').where('token_hash', '=', token).execute()).toEqual([]);

    const shown = await view(token);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({
      state: 'open',
      email,
      name: 'Rosa Díaz',
      phone: '555-0142',
      locale: 'en',
      next: `/quotes/${quoteId}`,
    });

    const done = await accept(token, { name: 'Rosa M. Díaz', phone: '555-0199', locale: 'es' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toEqual({ next: `/quotes/${quoteId}` });
    const cookie = sessionCookie(done);
    expect(cookie).toBeDefined();

    // Signed in, confirmed, and the quote is theirs to see.
    const quote = await portal.request(`/api/quotes/${quoteId}`, { cookie });
    expect(quote.status).toBe(200);
    const user = await portal.db
      .selectFrom('user')
      .select(['emailVerified', 'name', 'phone', 'locale', 'role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ emailVerified: true, name: 'Rosa M. Díaz', phone: '555-0199', locale: 'es', role: 'customer' });
    const profile = await portal.request('/api/profile', { cookie });
    expect(await profile.json()).toMatchObject({ name: 'Rosa M. Díaz', phone: '555-0199' });
    const { rows } = await sql<{
      sign_in_method: string;
    }>`SELECT s.sign_in_method FROM session s JOIN "user" u ON u.id = s."userId" WHERE u.email = ${email}`.execute(portal.db);
    expect(rows.map((r) => r.sign_in_method)).toEqual(['invitation']);

    // No second confirmation e-mail, and the password works from now on.
    await portal.runtime.mail.drain();
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['quote-sent']);
    const signIn = await portal.request('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);

    // Single use: the link is refused now (the account exists), and says where to sign in.
    expect(await (await view(token)).json()).toEqual({ state: 'account_exists', next: `/quotes/${quoteId}` });
    const twice = await accept(token);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    expect(sessionCookie(twice)).toBeUndefined();
  });

  it('refuses an expired link, a used one and a made-up one', async () => {
    const email = 'late-invite@example.com';
    await addCustomer(email);
    await sendQuote(email);
    const token = tokenIn((await mailsTo(email, 'quote-sent'))[0]!.text_body);
    await portal.db
      .updateTable('portal_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect(await (await view(token)).json()).toEqual({ state: 'invalid' });
    const late = await accept(token);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: 'INVITATION_INVALID' });
    expect(await portal.db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);

    expect(await (await view('made-up-token')).json()).toEqual({ state: 'invalid' });
    expect((await accept('made-up-token')).status).toBe(410);

    // A used link that did not end in an account (marked used) is refused too.
    await portal.db
      .updateTable('portal_invitations')
      .set({ expires_at: new Date(Date.now() + 3_600_000), used_at: new Date() })
      .where('email', '=', email)
      .execute();
    expect((await accept(token)).status).toBe(410);
  });

  it('is refused once the address has an account made another way, and then quote e-mails carry the plain link', async () => {
    const email = 'registered-later@example.com';
    await addCustomer(email);
    await sendQuote(email);
    const token = tokenIn((await mailsTo(email, 'quote-sent'))[0]!.text_body);
    await portal.signUp(email);
    const refused = await accept(token);
    expect(refused.status).toBe(409);
    const second = await sendQuote(email);
    const mails = await mailsTo(email, 'quote-sent');
    expect(mails.at(-1)!.text_body).toContain(`/quotes/${second}`);
    expect(mails.at(-1)!.text_body).not.toContain('portal-access');
  });
});

describe("'Invite to portal' on the customer page", () => {
  it('sends the invitation in the chosen language, lands on the open quote, is audited, and is refused once the account exists', async () => {
    const email = 'invited@example.com';
    const customerId = await addCustomer(email, { name: 'Luis Peña' });
    const before = await portal.request(`/api/office/customers/${customerId}/portal-access`, { cookie: office });
    expect(await before.json()).toEqual({ hasAccount: false, lastInvitedAt: null });

    const invited = await portal.request(`/api/office/customers/${customerId}/portal-invitation`, {
      body: { locale: 'es' },
      cookie: office,
    });
    expect(invited.status).toBe(200);
    expect(await invited.json()).toMatchObject({ hasAccount: false, lastInvitedAt: expect.any(String) });
    const [mail] = await mailsTo(email, 'portal-invitation');
    expect(mail!.subject).toContain('Configure su acceso al portal');
    expect(mail!.text_body).toContain('Hola, Luis Peña');
    const token = tokenIn(mail!.text_body);
    expect(await (await view(token)).json()).toMatchObject({ state: 'open', name: 'Luis Peña', locale: 'es', next: '/' });

    const audited = await portal.db
      .selectFrom('audit_log')
      .select(['actor_email', 'action', 'entity', 'entity_id'])
      .where('action', '=', 'invite-to-portal')
      .execute();
    expect(audited).toEqual([
      { actor_email: 'clerk@company.example', action: 'invite-to-portal', entity: 'customer', entity_id: String(customerId) },
    ]);

    expect((await accept(token, { name: 'Luis Peña' })).status).toBe(200);
    const after = await portal.request(`/api/office/customers/${customerId}/portal-access`, { cookie: office });
    expect(await after.json()).toMatchObject({ hasAccount: true });
    const again = await portal.request(`/api/office/customers/${customerId}/portal-invitation`, { body: { locale: 'en' }, cookie: office });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'account_exists' } });
  });

  it('is the office’s only: a customer session and no session are refused', async () => {
    const customerId = await addCustomer('nosy-target@example.com');
    const customer = await portal.signUp('nosy@example.com');
    const path = `/api/office/customers/${customerId}/portal-invitation`;
    expect((await portal.request(path, { body: { locale: 'en' }, cookie: customer })).status).toBe(403);
    expect((await portal.request(path, { body: { locale: 'en' } })).status).toBe(401);
    expect(await mailsTo('nosy-target@example.com', 'portal-invitation')).toEqual([]);
  });
});
