import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import type { Auth } from '../auth';
import { DEMO_OWNER_EMAIL } from './demo-account';
import { BACKUP_CODE_COUNT } from './plugins';
import { isOfficeRole } from './roles';

/**
 * The demo's office owner (`npm run demo`), so a newcomer opens the office at once: a known password
 * and a FIXED authenticator secret, printed by the command and in docs/features/office.md. Never in production.
 */
export const DEMO_OWNER_PASSWORD = 'demo-office-2026';
/** Base32, as an authenticator app takes it (20 bytes). */
export const DEMO_OWNER_TOTP_SECRET = 'NORTHWINDDEMOOWNERTOTPSECRET2345';
export const demoOwnerTotpUri = (issuer: string) =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(DEMO_OWNER_EMAIL)}?secret=${DEMO_OWNER_TOTP_SECRET}&issuer=${encodeURIComponent(issuer)}&digits=6&period=30`;

export { DEMO_OWNER_EMAIL, DEMO_OWNER_REFUSED_MESSAGE, isRefusedDemoOwner } from './demo-account';

export class DemoRefusedError extends Error {}

/** At start-up in production: a warning if the demo owner is in this database (it stays locked out; delete it). */
export async function warnOfDemoOwner(db: Kysely<Database>, config: Pick<Config, 'env'>, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  if (config.env !== 'production') return false;
  const found = await db.selectFrom('user').select('id').where('email', '=', DEMO_OWNER_EMAIL).executeTakeFirst();
  if (!found) return false;
  logger.warn(
    `the demo office owner ${DEMO_OWNER_EMAIL} (public password and authenticator secret, from \`npm run demo\`) is in this database; ` +
      'it cannot sign in while NODE_ENV=production, but suspend or delete it',
    { email: DEMO_OWNER_EMAIL },
  );
  return true;
}

/**
 * Creates the demo owner, or puts it back as the README says (owner, not suspended, that password and
 * secret, signed out). The two-factor row is laid out as Better Auth's two-factor plugin writes it
 * (the secret and the backup codes encrypted with the auth secret by Better Auth's own
 * symmetricEncrypt); a secret stored as `base32:<secret>` is Better Auth's form for a secret that was
 * made elsewhere, which this fixed one is.
 */
export async function ensureDemoOwner(auth: Auth, db: Kysely<Database>, config: Pick<Config, 'env'>): Promise<void> {
  if (config.env === 'production') throw new DemoRefusedError('The demo owner is never created when NODE_ENV=production.');
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(DEMO_OWNER_EMAIL);
  if (found && !isOfficeRole((found.user as { role?: unknown }).role)) {
    throw new DemoRefusedError(`${DEMO_OWNER_EMAIL} is a customer account here; the demo owner was not created.`);
  }
  const fields = { role: 'owner', emailVerified: true, twoFactorEnabled: true, banned: false, banReason: null, banExpires: null };
  const userId = found
    ? (await context.internalAdapter.updateUser(found.user.id, fields)).id
    : (
        await context.internalAdapter.createUser(
          { email: DEMO_OWNER_EMAIL, name: 'Olivia Owner (demo)', locale: 'en', ...fields },
          { method: 'admin' },
        )
      ).id;

  const hash = await context.password.hash(DEMO_OWNER_PASSWORD);
  if (await context.internalAdapter.findCredentialAccount(userId)) await context.internalAdapter.updatePassword(userId, hash);
  else await context.internalAdapter.linkAccount({ providerId: 'credential', accountId: userId, userId, password: hash });

  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, () => generateRandomString(10, 'a-z', '0-9', 'A-Z')).map(
    (code) => `${code.slice(0, 5)}-${code.slice(5)}`,
  );
  const key = context.secretConfig;
  await context.adapter.deleteMany({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
  await context.adapter.create({
    model: 'twoFactor',
    data: {
      userId,
      secret: await symmetricEncrypt({ key, data: `base32:${DEMO_OWNER_TOTP_SECRET}` }),
      backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(backupCodes) }),
      verified: true,
    },
  });
  await context.internalAdapter.deleteUserSessions(userId);
  await db.deleteFrom('office_setup_tokens').where('user_id', '=', userId).execute();
}
