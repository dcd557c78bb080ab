import { sql } from 'kysely';
import type { PortalAccess } from '../../../contracts/office/invitations';
import type { Db } from '../../platform/db/customer-scope';
import { accountExists } from '../../auth/portal-invitation/tokens';

export interface InvitableCustomer {
  id: number;
  email: string;
  name: string | null;
}

export async function customerById(db: Db, id: number): Promise<InvitableCustomer | undefined> {
  const row = await db.selectFrom('customers').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
  return row && { id: Number(row.id), email: row.email.toLowerCase(), name: row.name };
}

/** The customers row of an address (case-insensitive), as the quote e-mails find their recipient. */
export async function customerByEmail(db: Db, email: string): Promise<InvitableCustomer | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'email', 'name'])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
  return row && { id: Number(row.id), email: row.email.toLowerCase(), name: row.name };
}

/** The newest quote the customer can answer: where 'Invite to portal' lands them (the dashboard if none). */
export async function openQuoteOf(db: Db, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('quotes')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .where('status', '=', 'Sent')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function portalAccessOf(db: Db, customer: InvitableCustomer): Promise<PortalAccess> {
  const last = await db
    .selectFrom('portal_invitations')
    .select(sql<Date | null>`max(created_at)`.as('at'))
    .where('customer_id', '=', customer.id)
    .executeTakeFirst();
  return {
    hasAccount: await accountExists(db, customer.email),
    lastInvitedAt: last?.at ? new Date(last.at).toISOString() : null,
  };
}
