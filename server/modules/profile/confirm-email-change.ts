import { sql, type Kysely } from 'kysely';
import { EMAIL_CHANGE_CONFIRM_ERRORS } from '../../../contracts/customer/profile';
import type { Auth } from '../../auth/auth';
import { isOfficeRole } from '../../auth/office/roles';
import { forgetCachedSessions } from '../../auth/session-guard';
import type { Database } from '../../platform/db/schema';
import { InvalidInputError, WrongStateError } from '../../../domain/errors';
import type { Logger } from '../../platform/logger';
import { readEmailChangeToken, tokenHash, type EmailChangeMail } from './email-change-mail';

export interface ConfirmDeps {
  db: Kysely<Database>;
  auth: Auth;
  secret: string;
  logger: Logger;
  mail: EmailChangeMail;
}

const invalid = () => new InvalidInputError('invalid_token', EMAIL_CHANGE_CONFIRM_ERRORS.invalid_token, 'token');
const taken = () => new WrongStateError('email_taken', EMAIL_CHANGE_CONFIRM_ERRORS.email_taken);

/** PostgreSQL's unique_violation: someone registered the new address between our check and the update. */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/**
 * The link in the new inbox was opened and its page's button pressed. In ONE transaction: the account
 * takes the new address (now confirmed), every record keyed by the old one follows it
 * (move_customer_email, migration 045), every session but this browser's ends, reset links sent to the
 * old address stop working, the link is used up and the old address gets a notice. The pending row is
 * locked first, so of two confirmations at once exactly one changes anything.
 */
export async function confirmEmailChange(
  deps: ConfirmDeps,
  token: string,
  headers: Headers,
): Promise<{ email: string; signedIn: boolean }> {
  const { db, auth, secret, logger, mail } = deps;
  const change = await readEmailChangeToken(token, secret);
  if (!change) throw invalid();
  const session = await auth.api.getSession({ headers });
  const keep = session?.user.id === change.userId ? session.session.id : undefined;

  let outcome: 'changed' | 'invalid' | 'taken';
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('email_changes')
        .select(['new_email', 'token_hash', sql<boolean>`expires_at > now()`.as('valid')])
        .where('user_id', '=', change.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!pending?.valid || pending.token_hash !== tokenHash(token) || pending.new_email !== change.updateTo) return 'invalid';
      const user = await trx
        .selectFrom('user')
        .select(['id', 'email', 'role'])
        .where('id', '=', change.userId)
        .forUpdate()
        .executeTakeFirst();
      // The account moved on since the link was made (another change), or is not a customer's.
      if (!user || user.email.toLowerCase() !== change.email || isOfficeRole(user.role)) {
        await trx.deleteFrom('email_changes').where('user_id', '=', change.userId).execute();
        return 'invalid';
      }
      const owner = await trx
        .selectFrom('user')
        .select('id')
        .where(sql`lower(email)`, '=', change.updateTo)
        .where('id', '<>', user.id)
        .executeTakeFirst();
      if (owner) {
        await trx.deleteFrom('email_changes').where('user_id', '=', change.userId).execute();
        return 'taken';
      }
      await sql`UPDATE "user" SET email = ${change.updateTo}, "emailVerified" = true, "updatedAt" = now() WHERE id = ${user.id}`.execute(
        trx,
      );
      await sql`SELECT move_customer_email(${user.email}, ${change.updateTo})`.execute(trx);
      await sql`DELETE FROM session WHERE "userId" = ${user.id} AND id IS DISTINCT FROM ${keep ?? null}`.execute(trx);
      await sql`DELETE FROM verification WHERE identifier LIKE 'reset-password:%' AND value = ${user.id}`.execute(trx);
      await trx.deleteFrom('email_changes').where('user_id', '=', user.id).execute();
      await mail.sendChanged(trx, user.id, user.email, change.updateTo);
      return 'changed';
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    logger.warn('e-mail change lost a race for the new address', { userId: change.userId });
    throw taken();
  }
  forgetCachedSessions(auth, change.userId);
  if (outcome === 'invalid') throw invalid();
  if (outcome === 'taken') {
    logger.info('e-mail change refused: the new address has an account now', { userId: change.userId });
    throw taken();
  }
  logger.info('e-mail address changed; records, sessions and links follow', { userId: change.userId, keptSession: Boolean(keep) });
  return { email: change.updateTo, signedIn: Boolean(keep) };
}
