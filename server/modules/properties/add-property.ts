import type { NewProperty, Property } from '../../../contracts/customer/properties';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import * as repository from './repository';

export interface AddPropertyInput {
  property: NewProperty;
  /** The office's customer; absent for a signed-in customer (meta.actor's own account). */
  customerId?: number;
}

/**
 * 'Add property' / 'Agregar propiedad': the customer's own (in their scope), or the office's for a
 * customer (audited). An address they have already answers that property (decision 224).
 */
export async function addProperty(db: Db, meta: RequestMeta, input: AddPropertyInput): Promise<Property> {
  const customerId =
    input.customerId === undefined
      ? await repository.requireCustomerIdOf(db, meta.actor)
      : (await repository.requireCustomer(db, input.customerId)).id;
  const property = await repository.findOrAdd(db, customerId, { label: input.property.label ?? null, address: input.property.address });
  if (input.customerId !== undefined) {
    await audit(db, { actor: meta.actor, action: 'add-property', entity: 'customer', entityId: customerId, after: property, ip: meta.ip });
  }
  return property;
}
