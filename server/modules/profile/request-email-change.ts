import { sql, type Kysely } from 'kysely';
import { EMAIL_CHANGE_ERRORS, type PendingEmail } from '../../../contracts/customer/profile';
import { LimitReachedError } from '../../../domain/errors';
import type { Auth } from '../../auth/auth';
import { isoTime } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { InvalidInputError } from '../../../domain/errors';
import type { Logger } from '../../platform/logger';
import { EMAIL_CHANGE_LINK_SECONDS, type EmailChangeMail } from './email-change-mail';

/** Change requests per account per hour, wrong passwords included: a stolen session cannot guess the password or flood inboxes. */
export const EMAIL_CHANGE_ATTEMPTS_PER_HOUR = 10;
/** A request is answered no sooner than this, so its timing does not tell a free address from one with an account. */
const EMAIL_CHANGE_ANSWER_FLOOR_MS = 400;

export interface EmailChangeDeps {
  db: Kysely<Database>;
  auth: Auth;
  logger: Logger;
  mail: EmailChangeMail;
}

/** The account's change waiting for its link, or null (none, or its link has expired). */
export async function pendingEmailOf(db: Kysely<Database>, userId: string): Promise<PendingEmail | null> {
  const row = await db
    .selectFrom('email_changes')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { email: row.new_email, expiresAt: isoTime(row.expires_at) } : null;
}

/** Counts this request against the hourly allowance (one after another per account: an advisory lock). */
async function countAttempt(db: Kysely<Database>, userId: string) {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`email-change:${userId}`}, 0))`.execute(trx);
    await trx
      .deleteFrom('email_change_attempts')
      .where('user_id', '=', userId)
      .where('at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
    const { n } = await trx
      .selectFrom('email_change_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= EMAIL_CHANGE_ATTEMPTS_PER_HOUR) {
      throw new LimitReachedError('Too many attempts to change your e-mail address. Please try again in an hour.');
    }
    await trx.insertInto('email_change_attempts').values({ user_id: userId }).execute();
  });
}

/** The current password, checked as Better Auth checks it (its own hash and verifier). */
async function checkPassword(auth: Auth, userId: string, password: string) {
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(userId);
  if (!credential?.password) throw new InvalidInputError('no_password', EMAIL_CHANGE_ERRORS.no_password, 'password');
  if (!(await context.password.verify({ hash: credential.password, password }))) {
    throw new InvalidInputError('wrong_password', EMAIL_CHANGE_ERRORS.wrong_password, 'password');
  }
}

/**
 * "Change e-mail" on the Profile. After the checks the requester can see (same address, password),
 * the answer is the same for every address: a free one gets Better Auth's change-email link (its
 * /change-email mints the token and calls back sendLink, email-change-mail.ts), one that already has
 * an account (a customer's or the office's, confirmed or not) gets a notice saying nothing changed.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  who: { userId: string; email: string },
  input: { newEmail: string; password: string },
  headers: Headers,
): Promise<PendingEmail> {
  const { db, auth, logger, mail } = deps;
  const started = Date.now();
  const newEmail = input.newEmail.toLowerCase();
  if (newEmail === who.email.toLowerCase()) throw new InvalidInputError('same_email', EMAIL_CHANGE_ERRORS.same_email, 'newEmail');
  await countAttempt(db, who.userId);
  await checkPassword(auth, who.userId, input.password);

  const before = await db.selectFrom('email_changes').select('requested_at').where('user_id', '=', who.userId).executeTakeFirst();
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where(sql`lower(email)`, '=', newEmail)
    .executeTakeFirst();
  if (!taken) await auth.api.changeEmail({ body: { newEmail, callbackURL: '/' }, headers });
  const after = await db
    .selectFrom('email_changes')
    .select(['new_email', 'token_hash', 'requested_at'])
    .where('user_id', '=', who.userId)
    .executeTakeFirst();
  // Better Auth called sendLink for this request: the row was written again, with a link (a token asked
  // for twice in one second is the same JWT, so the time tells, not the hash).
  const linkSent =
    after?.new_email === newEmail &&
    after.token_hash !== null &&
    (!before || new Date(after.requested_at).getTime() > new Date(before.requested_at).getTime());
  if (!linkSent) {
    // The address has an account (or got one a moment ago, and Better Auth sent nothing).
    await db.transaction().execute(async (trx) => {
      const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_SECONDS * 1000);
      await trx
        .insertInto('email_changes')
        .values({ user_id: who.userId, new_email: newEmail, token_hash: null, expires_at: expiresAt })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ new_email: newEmail, token_hash: null, requested_at: sql`now()`, expires_at: expiresAt }),
        )
        .execute();
      await mail.sendInUse(trx, who.userId, newEmail);
    });
    logger.info('e-mail change asked for an address that has an account: notice sent, nothing changed', { userId: who.userId });
  }
  const wait = EMAIL_CHANGE_ANSWER_FLOOR_MS - (Date.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const pending = await pendingEmailOf(db, who.userId);
  if (!pending) throw new Error('the e-mail change just recorded is not there');
  return pending;
}
