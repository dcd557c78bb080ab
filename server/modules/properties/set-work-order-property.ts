import type { ChooseProperty, ChosenProperty } from '../../../contracts/office/properties';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { lockOrder } from '../work-orders/repository';
import { chooseProperty } from './choose-property';
import * as repository from './repository';

/**
 * The office changes a work order's property, and so its address (copied into work_orders.address,
 * which the lists, PDFs and the calendar file show), until the order is In Progress: only a Pending
 * order (409 address_fixed after; the database refuses it too, sql/properties.sql).
 */
export async function setWorkOrderProperty(
  db: Db,
  meta: RequestMeta,
  input: { id: number; choice: ChooseProperty },
): Promise<ChosenProperty> {
  const order = await lockOrder(db, input.id);
  if (order.status !== 'Pending') {
    throw new WrongStateError('address_fixed', `This work order is ${order.status}: its address can no longer change.`);
  }
  const customerId = await repository.customerIdOf(db, order.email);
  if (customerId === undefined) throw new NotFoundError('The customer has no profile, so no properties.', 'property_not_found');
  const property = await chooseProperty(db, customerId, input.choice);
  const before = await db.selectFrom('work_orders').select(['property_id', 'address']).where('id', '=', order.id).executeTakeFirstOrThrow();
  const updated = await db
    .updateTable('work_orders')
    .set({ property_id: property.id, address: property.address })
    .where('id', '=', order.id)
    .returning('address')
    .executeTakeFirstOrThrow();
  await audit(db, {
    actor: meta.actor,
    action: 'set-property',
    entity: 'work_order',
    entityId: order.id,
    before: { propertyId: before.property_id == null ? null : Number(before.property_id), address: before.address },
    after: { propertyId: property.id, address: updated.address },
    ip: meta.ip,
  });
  return { property: { ...property, inUse: true }, address: updated.address };
}
