import { expect } from 'vitest';
import { sessionCookie, type TestPortal } from './harness';

export const PERSON_PASSWORD = 'a-person-of-the-account';

/** The token of the newest invitation link e-mailed to `email` (the outbox, before the worker sends it). */
export async function personInvitationToken(portal: TestPortal, email: string): Promise<string> {
  const mail = await portal.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .where('kind', '=', 'person-invitation')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return new URL(mail.text_body.match(/https?:\/\/\S*join-account\S*/)![0]).searchParams.get('token')!;
}

export const joinWith = (portal: TestPortal, token: string, name = 'Pat Person') =>
  portal.request('/api/auth/account-person/accept', { body: { token, name, password: PERSON_PASSWORD, locale: 'en' } });

/** The owner invites `email` with `role`; the person opens the e-mail's link and joins: their session cookie. */
export async function invitedPerson(
  portal: TestPortal,
  ownerCookie: string,
  email: string,
  role: 'approve_and_pay' | 'view_only',
  name = 'Pat Person',
): Promise<string> {
  const invited = await portal.request('/api/people', { cookie: ownerCookie, body: { email, role, locale: 'en' } });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const joined = await joinWith(portal, await personInvitationToken(portal, email), name);
  expect(joined.status, await joined.clone().text()).toBe(200);
  const cookie = sessionCookie(joined);
  if (!cookie) throw new Error(`joining did not sign ${email} in`);
  return cookie;
}
