import type { ChooseProperty, ChosenProperty } from '../../../contracts/office/properties';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { chooseProperty } from './choose-property';
import * as repository from './repository';

/**
 * The office picks the property a quote is for (its editor's 'Property'), until the quote is
 * Approved (409 quote_approved; the database refuses it too). Not part of the signed content: the
 * content hash and the versions stay as they are (decision 225).
 */
export async function setQuoteProperty(db: Db, meta: RequestMeta, input: { id: number; choice: ChooseProperty }): Promise<ChosenProperty> {
  const quote = await db
    .selectFrom('quotes')
    .select(['id', 'email', 'status', 'property_id'])
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!quote) throw new NotFoundError('Quote not found.');
  if (quote.status === 'Approved')
    throw new WrongStateError('quote_approved', 'This quote is approved: its property can no longer change.');
  const customerId = await repository.customerIdOf(db, quote.email);
  if (customerId === undefined) throw new NotFoundError('The customer has no profile, so no properties.', 'property_not_found');
  const property = await chooseProperty(db, customerId, input.choice);
  await db.updateTable('quotes').set({ property_id: property.id }).where('id', '=', input.id).execute();
  await audit(db, {
    actor: meta.actor,
    action: 'set-property',
    entity: 'quote',
    entityId: input.id,
    before: { propertyId: quote.property_id == null ? null : Number(quote.property_id) },
    after: { propertyId: property.id, address: property.address },
    ip: meta.ip,
  });
  return { property: { ...property, inUse: true }, address: property.address };
}
