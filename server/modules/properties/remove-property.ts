import type { PropertyList } from '../../../contracts/customer/properties';
import { WrongStateError } from '../../../domain/errors';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import * as repository from './repository';

const isForeignKeyViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23503';

/**
 * Removes one of the signed-in customer's properties (decision 224): never the profile's (it is
 * the profile address), never one a quote or work order names (its address is what they show).
 * The database refuses both too; a quote the customer cannot see yet (a Draft) is found that way.
 */
export async function removeProperty(db: Db, meta: RequestMeta, input: { id: number }): Promise<PropertyList> {
  const customerId = await repository.requireCustomerIdOf(db, meta.actor);
  const property = await repository.findOf(db, customerId, input.id);
  if (property.isProfile) throw new WrongStateError('profile_property', 'The profile address is changed on the Profile, not removed.');
  if (property.inUse) throw new WrongStateError('property_in_use', 'A quote or work order is for this property: it cannot be removed.');
  try {
    await repository.deleteProperty(db, customerId, input.id);
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    throw new WrongStateError('property_in_use', 'A quote or work order is for this property: it cannot be removed.');
  }
  return { properties: await repository.listOf(db, customerId) };
}
