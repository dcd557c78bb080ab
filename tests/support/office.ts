import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import { COMMAND_LINE_ACTOR } from '../../server/platform/audit';
import { inviteOfficeAccount } from '../../server/auth/office/invite';
import type { OfficeRole } from '../../server/auth/office/roles';
import { sessionCookie, type TestPortal } from './harness';

/**
 * Office accounts for API tests, made the way the product makes them: an invitation (as the
 * command line does), the set-up API, and a sign-in with a code that an independent TOTP library
 * (otpauth) computes from the secret the set-up showed.
 */
export const OFFICE_PASSWORD = 'office-password-2026';

export function totpCode(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

export async function inviteOffice(portal: TestPortal, email: string, role: OfficeRole = 'staff', locale: 'en' | 'es' = 'en') {
  const invitation = await inviteOfficeAccount(
    { auth: portal.runtime.auth, db: portal.db, config: portal.config },
    { email, role, locale },
    { actor: COMMAND_LINE_ACTOR },
  );
  const token = new URL(invitation.link).searchParams.get('token')!;
  return { ...invitation, token };
}

export async function setUpOffice(portal: TestPortal, token: string, password = OFFICE_PASSWORD) {
  const step1 = await portal.request('/api/office/setup/password', { body: { token, password } });
  if (step1.status !== 200) throw new Error(`set-up password: ${step1.status} ${await step1.text()}`);
  const { secret, totpUri } = (await step1.json()) as { secret: string; totpUri: string };
  // The previous period's code (still accepted, once): a sign-in right after may then use the current one.
  // A period boundary passed between making the code and the server checking it makes that code two
  // periods old (refused, and not used up): the code of the new previous period is then the one to send.
  const finish = () =>
    portal.request('/api/office/setup/finish', { body: { token, password, code: totpCode(secret, Date.now() - 30_000) } });
  const periodBefore = Math.floor(Date.now() / 30_000);
  let step2 = await finish();
  if (step2.status === 400 && Math.floor(Date.now() / 30_000) !== periodBefore) step2 = await finish();
  if (step2.status !== 200) throw new Error(`set-up finish: ${step2.status} ${await step2.text()}`);
  const { backupCodes } = (await step2.json()) as { backupCodes: string[] };
  return { secret, totpUri, backupCodes };
}

/**
 * Every cookie a response sets (sessionCookie keeps only the session's): the password step of an
 * office sign-in sets the two-factor challenge cookie instead.
 */
export function authCookies(res: Response): string | undefined {
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  return cookies.length ? cookies.join('; ') : undefined;
}

/** Step one of a sign-in: the password. Answers the response and the two-factor cookie it set. */
export async function passwordStep(portal: TestPortal, email: string, password = OFFICE_PASSWORD, ip?: string) {
  const res = await portal.request('/api/auth/sign-in/email', { body: { email, password }, ip });
  return { res, cookie: authCookies(res) ?? '' };
}

/**
 * A code works once per account (totp-replay.ts), but tests sign one account in several times within
 * 30 seconds: this forgets the account's last used period, as the passing of time would.
 */
export async function forgetUsedCodes(portal: TestPortal, email: string) {
  await sql`DELETE FROM office_totp_periods WHERE user_id IN (SELECT id FROM "user" WHERE lower(email) = lower(${email}))`.execute(
    portal.db,
  );
}

/** Both steps; answers the session cookie. Tests of the once-only rule sign in without this helper. */
export async function signInOffice(portal: TestPortal, email: string, secret: string, password = OFFICE_PASSWORD) {
  await forgetUsedCodes(portal, email);
  const { res, cookie } = await passwordStep(portal, email, password);
  if (res.status !== 200) throw new Error(`office sign-in: ${res.status} ${await res.text()}`);
  const verified = await portal.request('/api/auth/two-factor/verify-totp', { body: { code: totpCode(secret) }, cookie });
  const session = sessionCookie(verified);
  if (verified.status !== 200 || !session) throw new Error(`office code: ${verified.status} ${await verified.text()}`);
  return session;
}

/** An office account that is set up and signed in. */
export async function createOfficeAccount(portal: TestPortal, email: string, role: OfficeRole = 'staff') {
  const invitation = await inviteOffice(portal, email, role);
  const setup = await setUpOffice(portal, invitation.token);
  const cookie = await signInOffice(portal, email, setup.secret);
  return { ...invitation, ...setup, cookie };
}
