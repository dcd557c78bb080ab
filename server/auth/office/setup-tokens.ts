import crypto from 'node:crypto';
import { officePages } from '../../../contracts/pages';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/customer-scope';
import { isOfficeRole, type OfficeRole } from './roles';

export const SETUP_LINK_HOURS = 24;

/**
 * A set-up link carries 32 random bytes; the database keeps only their SHA-256, so a copy of the
 * database does not hold usable links. A plain hash suits a random token (no password to stretch).
 */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const setupLink = (appUrl: string, token: string) => `${appUrl}${officePages.setup.href()}?token=${encodeURIComponent(token)}`;

/** A new link for the account, valid 24 hours; the account's earlier unused links stop working. */
export async function issueSetupToken(db: Db, userId: string, createdBy: string): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SETUP_LINK_HOURS * 3_600_000);
  await db.deleteFrom('office_setup_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('office_setup_tokens')
    .values({ token_hash: hashOf(token), user_id: userId, created_by: createdBy, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export interface SetupAccount {
  id: string;
  email: string;
  name: string;
  role: OfficeRole;
  twoFactorEnabled: boolean;
}

/** The office account a link is for, while the link is unused and unexpired and the account not suspended. */
export async function findSetupAccount(db: Db, token: string): Promise<SetupAccount | undefined> {
  const row = await db
    .selectFrom('office_setup_tokens as t')
    .innerJoin('user as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.twoFactorEnabled', 'u.banned'])
    .where('t.token_hash', '=', hashOf(token))
    .where('t.used_at', 'is', null)
    .where('t.withdrawn_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || !isOfficeRole(row.role) || row.banned) return undefined;
  return { id: row.id, email: row.email, name: row.name, role: row.role, twoFactorEnabled: row.twoFactorEnabled === true };
}

/** Uses the link up; false when it was already used (a concurrent request) or has expired. */
export async function consumeSetupToken(db: Db, token: string): Promise<boolean> {
  const used = await db
    .updateTable('office_setup_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

/** True when the link was withdrawn because its sender was suspended or demoted (the set-up page says so). */
export async function isWithdrawnSetupToken(db: Db, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('office_setup_tokens')
    .select('withdrawn_at')
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row?.withdrawn_at != null;
}

/**
 * Ends every unused, unexpired link `inviterEmail` sent (invitations and renewed set-up links): a
 * person who may no longer invite (suspended, or no longer an owner) must not still bring people in.
 * Run it in the transaction of the suspension or role change. Answers the accounts whose link ended.
 */
export async function withdrawSetupTokensSentBy(db: Db, inviterEmail: string): Promise<{ userId: string; expiresAt: Date }[]> {
  const rows = await db
    .updateTable('office_setup_tokens')
    .set({ withdrawn_at: new Date() })
    .where(sql`lower(created_by)`, '=', inviterEmail.toLowerCase())
    .where('used_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'expires_at'])
    .execute();
  return rows.map((r) => ({ userId: r.user_id, expiresAt: new Date(r.expires_at) }));
}
