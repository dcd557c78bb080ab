import type { CustomerEdit, OfficeCustomer } from '../../../contracts/office/customers';
import { customerEditSchema } from '../../../contracts/office/customers';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { audit } from '../../platform/audit';
import { findCustomer, lockCustomerFields, updateCustomerFields, type CustomerFields } from './repository';

/**
 * Saves Full Name, Phone, Address and Account # (the customer sees them on their Profile at once).
 * The audit row holds the fields that changed, before and after; a save that changes nothing writes nothing.
 */
export function editCustomer(
  db: Kysely<Database>,
  meta: RequestMeta,
  { id, ...raw }: { id: number } & CustomerEdit,
): Promise<OfficeCustomer> {
  const input = customerEditSchema.parse(raw);
  const next: CustomerFields = { name: input.name, phone: input.phone, address: input.address, account_number: input.accountNumber };
  return withOfficeScope(db, meta.actor, async (trx) => {
    const current = await lockCustomerFields(trx, id);
    const changed = (Object.keys(next) as (keyof CustomerFields)[]).filter((key) => (current[key] ?? null) !== next[key]);
    if (changed.length > 0) {
      const pick = (from: CustomerFields) => Object.fromEntries(changed.map((key) => [key, from[key] ?? null]));
      await updateCustomerFields(trx, id, pick(next));
      await audit(trx, {
        actor: meta.actor,
        action: 'edit',
        entity: 'customer',
        entityId: id,
        before: pick(current),
        after: pick(next),
        ip: meta.ip,
      });
    }
    return findCustomer(trx, id);
  });
}
