import type { CustomerEdit, NewCustomer, OfficeCustomer } from '../../../contracts/office/customers';
import { customerEditSchema, newCustomerSchema } from '../../../contracts/office/customers';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { withOfficeScope } from '../../platform/db/office-scope';
import { audit } from '../../platform/audit';
import { findCustomer, insertCustomer, lockCustomerFields, updateCustomerFields, type CustomerFields } from './repository';

/** The office account acting, and the address it acts from (both go into audit_log). */
export interface OfficeActor {
  email: string;
  ip: string;
}

/** Adds a customer who has no account yet; their records show once they register and confirm this address. */
export function addCustomer(db: Kysely<Database>, by: OfficeActor, raw: NewCustomer): Promise<OfficeCustomer> {
  const input = newCustomerSchema.parse(raw);
  const email = input.email.trim().toLowerCase();
  return withOfficeScope(db, by.email, async (trx) => {
    const fields = { name: input.name, phone: input.phone ?? null, address: input.address ?? null };
    const customer = await insertCustomer(trx, email, fields);
    await audit(trx, { actor: by.email, action: 'add', entity: 'customer', entityId: customer.id, after: { email, ...fields }, ip: by.ip });
    return customer;
  });
}

/**
 * Saves Full Name, Phone, Address and Account # (the customer sees them on their Profile at once).
 * The audit row holds the fields that changed, before and after; a save that changes nothing writes nothing.
 */
export function editCustomer(db: Kysely<Database>, by: OfficeActor, id: number, raw: CustomerEdit): Promise<OfficeCustomer> {
  const input = customerEditSchema.parse(raw);
  const next: CustomerFields = { name: input.name, phone: input.phone, address: input.address, account_number: input.accountNumber };
  return withOfficeScope(db, by.email, async (trx) => {
    const current = await lockCustomerFields(trx, id);
    const changed = (Object.keys(next) as (keyof CustomerFields)[]).filter((key) => (current[key] ?? null) !== next[key]);
    if (changed.length > 0) {
      const pick = (from: CustomerFields) => Object.fromEntries(changed.map((key) => [key, from[key] ?? null]));
      await updateCustomerFields(trx, id, pick(next));
      await audit(trx, {
        actor: by.email,
        action: 'edit',
        entity: 'customer',
        entityId: id,
        before: pick(current),
        after: pick(next),
        ip: by.ip,
      });
    }
    return findCustomer(trx, id);
  });
}
