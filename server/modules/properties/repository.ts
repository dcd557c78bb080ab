import { sql } from 'kysely';
import type { Property } from '../../../contracts/customer/properties';
import { NotFoundError } from '../../../domain/errors';
import { sameAddress } from '../../../domain/properties/address';
import type { Db } from '../../platform/db/customer-scope';
import { toProperty } from './mappers';

/**
 * Properties' queries. Each runs in the caller's scope: as a customer, row-level security shows only
 * their account's properties (sql/properties.sql) whatever the query says, and the queries name the
 * customer too; as the office, every customer's.
 */
const columns = (db: Db) =>
  db.selectFrom('properties as p').select([
    'p.id',
    'p.label',
    'p.address',
    'p.is_profile',
    sql<boolean>`(EXISTS (SELECT 1 FROM work_orders w WHERE w.property_id = p.id)
                  OR EXISTS (SELECT 1 FROM quotes q WHERE q.property_id = p.id))`.as('in_use'),
  ]);

/** The customer's properties: the profile's first, then oldest first. */
export async function listOf(db: Db, customerId: number): Promise<Property[]> {
  const rows = await columns(db).where('p.customer_id', '=', customerId).orderBy('p.is_profile', 'desc').orderBy('p.id').execute();
  return rows.map(toProperty);
}

/** The customers row of an e-mail (the owner of quotes and orders by e-mail), or undefined. */
export async function customerIdOf(db: Db, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The customers row of an e-mail; 404 'User not found.' (the Profile's word) when there is none. */
export async function requireCustomerIdOf(db: Db, email: string): Promise<number> {
  const id = await customerIdOf(db, email);
  if (id === undefined) throw new NotFoundError('User not found.');
  return id;
}

/** The customer's property `id`; 404 property_not_found when it is not theirs (or not there). */
export async function findOf(db: Db, customerId: number, id: number): Promise<Property> {
  const row = await columns(db).where('p.id', '=', id).where('p.customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw new NotFoundError('Property not found.', 'property_not_found');
  return toProperty(row);
}

/** The customer's property with this address (case and spaces aside), or a new one with it. */
export async function findOrAdd(db: Db, customerId: number, input: { label?: string | null; address: string }): Promise<Property> {
  const existing = (await listOf(db, customerId)).find((p) => sameAddress(p.address, input.address));
  if (existing) return existing;
  const { id } = await db
    .insertInto('properties')
    .values({ customer_id: customerId, label: input.label ?? '', address: input.address })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findOf(db, customerId, Number(id));
}

/** Deletes the row; the database refuses one a quote or order names (foreign keys) and the profile's (a trigger). */
export async function deleteProperty(db: Db, customerId: number, id: number): Promise<void> {
  await db.deleteFrom('properties').where('id', '=', id).where('customer_id', '=', customerId).execute();
}

/** The office's customer `id`; 404 when there is none. */
export async function requireCustomer(db: Db, id: number): Promise<{ id: number; email: string }> {
  const row = await db.selectFrom('customers').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Customer not found.');
  return { id: Number(row.id), email: row.email };
}

/** The customer whose property `id` is (the office's scope sees every one); 404 property_not_found. */
export async function customerOfProperty(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('properties').select('customer_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Property not found.', 'property_not_found');
  return Number(row.customer_id);
}

/** Renames and/or moves the customer's property `id` (no label is ''); the database keeps an address in use fixed (a trigger). */
export async function updateProperty(
  db: Db,
  customerId: number,
  id: number,
  change: { label?: string | null | undefined; address?: string | undefined },
): Promise<void> {
  const set = {
    ...(change.label !== undefined ? { label: change.label ?? '' } : {}),
    ...(change.address !== undefined ? { address: change.address } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('properties').set(set).where('id', '=', id).where('customer_id', '=', customerId).execute();
}
