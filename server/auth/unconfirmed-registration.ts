import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';

/**
 * Google has just proven that this person owns `email`. A password registration of that address
 * that was never confirmed (possibly someone else's) must not keep them out (Better Auth refuses to
 * link to an unconfirmed account): it is removed, with its sessions and accounts, so the Google
 * sign-in creates the account. Only an account with nothing but a password is ever removed.
 */
export function replaceUnconfirmedRegistration(db: Kysely<Database>, logger: Logger) {
  return async (email: string) => {
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('user')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('emailVerified', '=', false)
        .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM account a WHERE a."userId" = "user".id AND a."providerId" <> 'credential')`)
        .executeTakeFirst();
      if (!user) return;
      await sql`DELETE FROM session WHERE "userId" = ${user.id}`.execute(trx);
      await sql`DELETE FROM account WHERE "userId" = ${user.id}`.execute(trx);
      await trx.deleteFrom('user').where('id', '=', user.id).execute();
      logger.info('unconfirmed password registration replaced by a verified Google sign-in', { userId: user.id });
    });
  };
}
