import type { z } from 'zod';
import type { editPropertySchema, PropertyList } from '../../../contracts/customer/properties';
import { WrongStateError } from '../../../domain/errors';
import { sameAddress } from '../../../domain/properties/address';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import * as repository from './repository';

export interface EditPropertyInput {
  id: number;
  edit: z.output<typeof editPropertySchema>;
  /** The office's edit (any customer's property, audited); absent: the signed-in customer's own (meta.actor's account). */
  office?: boolean;
}

const IN_USE = 'A quote or work order is for this property: its address can no longer change. Add the right one instead.';
const isFixedByTheDatabase = (err: unknown) => (err as { code?: unknown } | null)?.code === '55000';

/**
 * Renames a property and/or corrects its address (decision 235). The label may always change. The
 * address only on a property no quote or work order names (a quote's page and PDF read it: a sent or
 * signed quote must not move), never the profile's (it follows the Profile), and not to an address
 * the customer has already (case and spaces aside). The database holds the first two rules too, and
 * sees the office's Draft quotes, which a customer's scope does not.
 */
export async function editProperty(db: Db, meta: RequestMeta, input: EditPropertyInput): Promise<PropertyList> {
  const customerId = input.office
    ? await repository.customerOfProperty(db, input.id)
    : await repository.requireCustomerIdOf(db, meta.actor);
  const before = await repository.findOf(db, customerId, input.id);
  const address = input.edit.address !== undefined && input.edit.address !== before.address ? input.edit.address : undefined;
  if (address !== undefined) {
    if (before.isProfile) throw new WrongStateError('profile_property', 'The profile address is changed on the Profile.');
    if (before.inUse) throw new WrongStateError('property_in_use', IN_USE);
    const others = (await repository.listOf(db, customerId)).filter((p) => p.id !== before.id);
    if (others.some((p) => sameAddress(p.address, address))) {
      throw new WrongStateError('property_exists', 'This address is one of the properties already.');
    }
  }
  try {
    await repository.updateProperty(db, customerId, input.id, { label: input.edit.label, address });
  } catch (err) {
    if (isFixedByTheDatabase(err)) throw new WrongStateError('property_in_use', IN_USE);
    throw err;
  }
  if (input.office) {
    const after = await repository.findOf(db, customerId, input.id);
    await audit(db, { actor: meta.actor, action: 'edit-property', entity: 'customer', entityId: customerId, before, after, ip: meta.ip });
  }
  return { properties: await repository.listOf(db, customerId) };
}
