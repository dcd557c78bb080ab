import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { customerPages } from '../../../contracts/pages';
import type { Locale } from '../../../contracts/locale';
import type { Database } from '../../platform/db/schema';
import { accountExists } from '../portal-invitation/tokens';

/** How long a person's invitation link works (decision 246). */
export const PERSON_INVITATION_DAYS = 7;

/** 32 random bytes in the link; the database keeps only their SHA-256 (as the portal invitation's). */
export const personTokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function newPersonToken(): { token: string; hash: string; expiresAt: Date } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: personTokenHash(token), expiresAt: new Date(Date.now() + PERSON_INVITATION_DAYS * 24 * 3_600_000) };
}

export const personInvitationLink = (appUrl: string, token: string) =>
  `${appUrl}${customerPages.joinAccount.href()}?token=${encodeURIComponent(token)}`;

/**
 * Whether an address has a portal of its own (decision 246): a sign-in (any Better Auth user, office
 * accounts too), a customers row, or records by that e-mail (quotes, work orders). Such an address
 * cannot join another account: its own records would either vanish from its view or mix with the
 * account's. Read as the server: the answer must cover every customer, not the caller's.
 */
export async function hasOwnPortal(db: Kysely<Database>, email: string): Promise<boolean> {
  if (await accountExists(db, email)) return true;
  const found = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM customers WHERE lower(email) = lower(${email}))
        OR EXISTS (SELECT 1 FROM quotes WHERE lower(email) = lower(${email}))
        OR EXISTS (SELECT 1 FROM work_orders WHERE lower(email) = lower(${email})) AS found`.execute(db);
  return found.rows[0]?.found === true;
}

export interface OpenPersonInvitation {
  id: number;
  email: string;
  role: 'approve_and_pay' | 'view_only';
  locale: Locale;
  accountName: string;
}

export type PersonInvitationState =
  { state: 'open'; invitation: OpenPersonInvitation } | { state: 'invalid' } | { state: 'account_exists' };

/** What a person's link is worth now: open (unused, unexpired, the address has no portal of its own), or refused. */
export async function personInvitationState(db: Kysely<Database>, token: string): Promise<PersonInvitationState> {
  const row = await db
    .selectFrom('account_people as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select(['p.id', 'p.email', 'p.role', 'p.locale', 'c.name', 'c.email as account_email'])
    .select(sql<boolean>`p.user_id IS NULL AND p.token_expires_at > now()`.as('usable'))
    .where('p.token_hash', '=', personTokenHash(token))
    .executeTakeFirst();
  if (!row || !row.usable) return { state: 'invalid' };
  if (await hasOwnPortal(db, row.email)) return { state: 'account_exists' };
  return {
    state: 'open',
    invitation: {
      id: Number(row.id),
      email: row.email,
      role: row.role,
      locale: row.locale === 'es' ? 'es' : 'en',
      accountName: row.name || row.account_email,
    },
  };
}

/** Uses the link up (false when another request used it first or it expired meanwhile). */
export async function consumePersonInvitation(db: Kysely<Database>, id: number, token: string): Promise<boolean> {
  const used = await db
    .updateTable('account_people')
    .set({ token_hash: null, token_expires_at: null })
    .where('id', '=', id)
    .where('token_hash', '=', personTokenHash(token))
    .where('user_id', 'is', null)
    .where('token_expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** The person has their sign-in now: they read the account's records from this moment. */
export async function markJoined(db: Kysely<Database>, id: number, userId: string): Promise<void> {
  await db.updateTable('account_people').set({ user_id: userId, joined_at: new Date() }).where('id', '=', id).execute();
}
