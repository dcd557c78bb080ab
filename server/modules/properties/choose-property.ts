import type { Property } from '../../../contracts/customer/properties';
import type { ChooseProperty } from '../../../contracts/office/properties';
import type { Db } from '../../platform/db/customer-scope';
import * as repository from './repository';

/**
 * The property a choice names for the customer `customerId`: one of theirs by id (404
 * property_not_found for anyone else's: the browser is never trusted), or 'Another address',
 * which becomes one of their properties (or is the one they have with that address; decision 224).
 */
export async function chooseProperty(db: Db, customerId: number, choice: ChooseProperty): Promise<Property> {
  if ('propertyId' in choice) return repository.findOf(db, customerId, choice.propertyId);
  return repository.findOrAdd(db, customerId, { address: choice.address });
}
