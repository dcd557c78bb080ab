import type { NewCustomer, OfficeCustomer } from '../../../contracts/office/customers';
import { newCustomerSchema } from '../../../contracts/office/customers';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { audit } from '../../platform/audit';
import { insertCustomer } from './repository';

/** Adds a customer who has no account yet; their records show once they register and confirm this address. */
export function addCustomer(db: Kysely<Database>, meta: RequestMeta, raw: NewCustomer): Promise<OfficeCustomer> {
  const input = newCustomerSchema.parse(raw);
  const email = input.email.trim().toLowerCase();
  return withOfficeScope(db, meta.actor, async (trx) => {
    const fields = { name: input.name, phone: input.phone ?? null, address: input.address ?? null };
    const customer = await insertCustomer(trx, email, fields);
    await audit(trx, {
      actor: meta.actor,
      action: 'add',
      entity: 'customer',
      entityId: customer.id,
      after: { email, ...fields },
      ip: meta.ip,
    });
    return customer;
  });
}
