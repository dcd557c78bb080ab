import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface NewCustomer {
  email: string;
  name: string | null;
  phone: string | null;
  address: string | null;
}

/**
 * Creates the customers row for an account if none has its e-mail (case-insensitive).
 * Idempotent: called after sign-up and again at every sign-in, because Better Auth's after-hooks
 * run after its own commit and a crash in between must not leave an account without a profile.
 */
export async function ensureCustomer(db: Kysely<Database>, customer: NewCustomer): Promise<void> {
  await db
    .insertInto('customers')
    .values({
      email: customer.email,
      name: customer.name,
      phone: customer.phone,
      address: customer.address,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
}
