import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { customerPages } from '../../../contracts/pages';
import type { Locale } from '../../../contracts/locale';
import type { Database } from '../../platform/db/schema';

/** How long an invitation link works (decision 220): long enough for a quote's answer, short enough to die unused. */
export const INVITATION_DAYS = 14;

/**
 * An invitation link carries 32 random bytes; the database keeps only their SHA-256 (as the office's
 * set-up links do), so a copy of the database holds no usable link.
 */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const invitationLink = (appUrl: string, token: string) =>
  `${appUrl}${customerPages.portalAccess.href()}?token=${encodeURIComponent(token)}`;

export interface NewInvitation {
  customerId: number;
  email: string;
  quoteId: number | null;
  locale: Locale;
  invitedBy: string;
}

/** A new link (in the caller's transaction, the office's scope); earlier unused links keep working until they expire. */
export async function issueInvitation(db: Kysely<Database>, invitation: NewInvitation): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3_600_000);
  await db
    .insertInto('portal_invitations')
    .values({
      token_hash: hashOf(token),
      customer_id: invitation.customerId,
      email: invitation.email.toLowerCase(),
      quote_id: invitation.quoteId,
      locale: invitation.locale,
      invited_by: invitation.invitedBy,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Whether a portal account (any Better Auth user, office accounts too) has this address. */
export async function accountExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
  return row !== undefined;
}

export interface OpenInvitation {
  id: number;
  customerId: number;
  email: string;
  quoteId: number | null;
  locale: Locale;
  name: string | null;
  phone: string | null;
  address: string | null;
}

export type InvitationState =
  { state: 'open'; invitation: OpenInvitation } | { state: 'invalid' } | { state: 'account_exists'; quoteId: number | null };

/**
 * What a link is worth now: open (unused, unexpired, no account has the address), or refused. The
 * customer's fields are the office's record (customers row), read as the server.
 */
export async function invitationState(db: Kysely<Database>, token: string): Promise<InvitationState> {
  const row = await db
    .selectFrom('portal_invitations as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select(['i.id', 'i.customer_id', 'i.email', 'i.quote_id', 'i.locale', 'c.name', 'c.phone', 'c.address'])
    .select(sql<boolean>`i.used_at IS NULL AND i.expires_at > now()`.as('usable'))
    .where('i.token_hash', '=', hashOf(token))
    .executeTakeFirst();
  if (!row) return { state: 'invalid' };
  const quoteId = row.quote_id === null ? null : Number(row.quote_id);
  // Once the address has an account the link is refused, used or not: that account signs in.
  if (await accountExists(db, row.email)) return { state: 'account_exists', quoteId };
  if (!row.usable) return { state: 'invalid' };
  return {
    state: 'open',
    invitation: {
      id: Number(row.id),
      customerId: Number(row.customer_id),
      email: row.email,
      quoteId,
      locale: row.locale === 'es' ? 'es' : 'en',
      name: row.name,
      phone: row.phone,
      address: row.address,
    },
  };
}

/** Uses the link up; false when another request used it first or it expired meanwhile. */
export async function consumeInvitation(db: Kysely<Database>, id: number): Promise<boolean> {
  const used = await db
    .updateTable('portal_invitations')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}
