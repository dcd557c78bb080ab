import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The device (cookie, server/auth/device-cookie.ts) a wrong password came from (issue 21.5), so a
 * device that signed in to the account before counts only its own failures, not those of strangers
 * behind the same address (a shared NAT, one IPv6 /64). NULL for failures recorded before this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `ALTER TABLE sign_in_failures ADD COLUMN device text;`);
}
