import type { PropertyList } from '../../../contracts/customer/properties';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import * as repository from './repository';

/**
 * The properties of the signed-in customer (meta.actor, in their scope) or, for the office, of the
 * customer `customerId`. A signed-in customer with no customers row has none.
 */
export async function listProperties(db: Db, meta: RequestMeta, input: { customerId?: number }): Promise<PropertyList> {
  const customerId =
    input.customerId === undefined
      ? await repository.customerIdOf(db, meta.actor)
      : (await repository.requireCustomer(db, input.customerId)).id;
  return { properties: customerId === undefined ? [] : await repository.listOf(db, customerId) };
}
