import { sql, type Kysely } from 'kysely';
import type { People, Person, PersonRole } from '../../../contracts/customer/people';
import type { ActingPerson } from '../../../contracts/office/people';
import { withCustomerScope, type Db } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';

/** The account's customers row (row-level security: only the scope's own). */
export async function accountCustomer(db: Db, accountEmail: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'email'])
    .where(sql<boolean>`lower(email) = lower(${accountEmail})`)
    .executeTakeFirst();
}

/** One person of the account, by id: undefined when not this account's (row-level security hides the others). */
export async function personById(db: Db, id: number) {
  return db.selectFrom('account_people').select(['id', 'user_id', 'email', 'role']).where('id', '=', id).executeTakeFirst();
}

/** The account's people as the customer's scope shows them (the policy: this account's rows only). */
export async function peopleRows(trx: Db) {
  return trx
    .selectFrom('account_people')
    .select(['id', 'user_id', 'email', 'role', 'invited_at', 'joined_at'])
    .orderBy('invited_at')
    .orderBy('id')
    .execute();
}
export type PeopleRows = Awaited<ReturnType<typeof peopleRows>>;

/**
 * The list as the Profile shows it. Names are the people's sign-ins' (Better Auth's user table, out of
 * the customer role's reach): read as the server, by the ids the scope returned, AFTER the scope's
 * transaction (the embedded database has one connection).
 */
export async function peopleView(
  server: Kysely<Database>,
  you: { email: string; role: PersonRole },
  accountEmail: string,
  rows: PeopleRows,
): Promise<People> {
  const ids = rows.map((r) => r.user_id).filter((id): id is string => id !== null);
  const names = new Map(
    ids.length === 0
      ? []
      : (await server.selectFrom('user').select(['id', 'name']).where('id', 'in', ids).execute()).map((u) => [u.id, u.name]),
  );
  const people: Person[] = rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: r.user_id ? (names.get(r.user_id) ?? null) : null,
    role: r.role,
    invitedAt: new Date(r.invited_at).toISOString(),
    joinedAt: r.joined_at ? new Date(r.joined_at).toISOString() : null,
  }));
  return { you, accountEmail, people };
}

/** Read in the account's scope, then named. */
export async function peopleOf(server: Kysely<Database>, you: { email: string; role: PersonRole }, accountEmail: string): Promise<People> {
  return peopleView(server, you, accountEmail, await withCustomerScope(server, accountEmail, peopleRows));
}

/**
 * Who acted, by the user ids the records keep (quote and change-order decisions, revision requests,
 * payments): their sign-ins' names and e-mails, for the office's pages. Read in the office's scope
 * (its role reads those columns of "user"); ids whose sign-in is gone are simply absent.
 */
export async function actingPeople(db: Db, userIds: readonly (string | null | undefined)[]): Promise<Map<string, ActingPerson>> {
  const ids = [...new Set(userIds.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('user').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((u) => [u.id, { name: u.name, email: u.email }]));
}

/** The person behind `userId`, or null (nobody recorded, or their sign-in was removed). */
export const actingPerson = (people: Map<string, ActingPerson>, userId: string | null | undefined): ActingPerson | null =>
  (userId && people.get(userId)) || null;
