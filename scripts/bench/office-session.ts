import * as OTPAuth from 'otpauth';
import { COMMAND_LINE_ACTOR } from '../../server/platform/audit';
import { inviteOfficeAccount } from '../../server/auth/office/invite';
import { loadConfig } from '../../server/platform/config';
import { createLogger } from '../../server/platform/logger';
import { startRuntime } from '../../server/runtime';

export const BENCH_OFFICE_PASSWORD = 'bench-office-password-2026';

const totp = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

/** Invites an office owner the way `npm run office -- invite` does (before the server opens the database); answers the set-up token. */
export async function inviteBenchOwner(env: Record<string, string | undefined>, email: string): Promise<string> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'warn' });
  const runtime = await startRuntime({ config, logger: createLogger('warn'), mailPollMs: 3_600_000 });
  try {
    const invitation = await inviteOfficeAccount(
      { auth: runtime.auth, db: runtime.db, config },
      { email, role: 'owner', locale: 'en' },
      { actor: COMMAND_LINE_ACTOR },
    );
    return new URL(invitation.link).searchParams.get('token')!;
  } finally {
    await runtime.close();
  }
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

/**
 * Sets the invited account up through the running server (password, then the authenticator's first
 * code) and signs it in with both steps, as tests/support/office.ts does; answers the session's cookies.
 */
export async function officeSession(base: string, origin: string, email: string, token: string): Promise<string> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const step1 = await post('/api/office/setup/password', { token, password: BENCH_OFFICE_PASSWORD });
  if (!step1.ok) throw new Error(`office set-up: ${step1.status} ${await step1.text()}`);
  const { secret } = (await step1.json()) as { secret: string };
  // The previous period's code for the set-up, the current one for the sign-in (each code works once).
  const periodBefore = Math.floor(Date.now() / 30_000);
  const finish = () =>
    post('/api/office/setup/finish', { token, password: BENCH_OFFICE_PASSWORD, code: totp(secret, Date.now() - 30_000) });
  let step2 = await finish();
  if (step2.status === 400 && Math.floor(Date.now() / 30_000) !== periodBefore) step2 = await finish();
  if (!step2.ok) throw new Error(`office set-up finish: ${step2.status} ${await step2.text()}`);
  const password = await post('/api/auth/sign-in/email', { email, password: BENCH_OFFICE_PASSWORD });
  if (!password.ok) throw new Error(`office sign-in: ${password.status} ${await password.text()}`);
  const verified = await post('/api/auth/two-factor/verify-totp', { code: totp(secret, Date.now()) }, cookiesOf(password));
  if (!verified.ok) throw new Error(`office code: ${verified.status} ${await verified.text()}`);
  return cookiesOf(verified);
}
