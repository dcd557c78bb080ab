import type { Kysely } from 'kysely';
import type { PersonRole } from '../../contracts/customer/people';
import type { Database } from '../platform/db/schema';

/** Whose records a signed-in customer reads, and what they may do there. */
export interface AccountOfPerson {
  /** The account's e-mail (its customers row's): the key of every customer record. */
  accountEmail: string;
  role: PersonRole;
}

/**
 * A person who joined an account (account_people.user_id) reads that account's records with their
 * role; anyone else is the owner of their own e-mail's account, as before people existed. Read as the
 * server (the guard runs before any scope); the database checks the same again in every scope
 * (portal_scope_email, sql/account-people.sql).
 */
export async function accountOf(db: Kysely<Database>, userId: string, ownEmail: string): Promise<AccountOfPerson> {
  const joined = await db
    .selectFrom('account_people as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select(['c.email', 'p.role'])
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  return joined ? { accountEmail: joined.email, role: joined.role } : { accountEmail: ownEmail, role: 'owner' };
}

/** accountOf for many people in one statement (the session renewal's, decision 295), by user id. */
export async function accountsOf(
  db: Kysely<Database>,
  people: readonly { userId: string; ownEmail: string }[],
): Promise<Map<string, AccountOfPerson>> {
  const joined = people.length
    ? await db
        .selectFrom('account_people as p')
        .innerJoin('customers as c', 'c.id', 'p.customer_id')
        .select(['p.user_id', 'c.email', 'p.role'])
        .where(
          'p.user_id',
          'in',
          people.map((person) => person.userId),
        )
        .execute()
    : [];
  const byUser = new Map(joined.map((row) => [row.user_id, { accountEmail: row.email, role: row.role }]));
  return new Map(people.map((person) => [person.userId, byUser.get(person.userId) ?? { accountEmail: person.ownEmail, role: 'owner' }]));
}

/** Whether this user joined a customer's account as a person (then they get no customers row of their own). */
export async function isAccountPerson(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('account_people').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
