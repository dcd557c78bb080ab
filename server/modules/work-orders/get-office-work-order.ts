import { sql } from 'kysely';
import type { OfficeWorkOrder } from '../../../contracts/office/work-orders';
import { NotFoundError } from '../../../domain/errors';
import type { WorkOrderStatus } from '../../../domain/work-orders';
import { nextStaffStatuses } from '../../../domain/work-orders/transitions';
import { calendarDay, isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import { officeScheduleView } from './schedule-view';
import { photosOf } from '../photos/repository';

/**
 * /office/work-orders/:id in one answer: the order (schedule shown in timeZone, COMPANY_TIMEZONE),
 * its customer (the customers row with the order's e-mail, if any: one join), and every event of
 * its timeline, internal notes and actors included, oldest first.
 */
export async function getOfficeWorkOrderById(db: Db, id: number, timeZone: string): Promise<OfficeWorkOrder> {
  const row = await db
    .selectFrom('work_orders as w')
    .leftJoin('customers as c', (join) => join.on(sql`lower(c.email)`, '=', sql`lower(w.email)`))
    .select([
      'w.id',
      'w.email',
      'w.description',
      'w.address',
      'w.status',
      'w.submitted_at',
      sql<string>`to_char(w.request_date, 'YYYY-MM-DD')`.as('request_date'),
      sql<string | null>`to_char(w.scheduled_date, 'YYYY-MM-DD')`.as('scheduled_date'),
      'w.arrival_start',
      'w.arrival_end',
      'w.quote_id',
      'w.property_id',
      'w.cancel_reason',
      sql<string | null>`(SELECT u.name FROM "user" u WHERE u.id = w.requested_by)`.as('requested_by_name'),
      sql<string | null>`(SELECT u.email FROM "user" u WHERE u.id = w.requested_by)`.as('requested_by_email'),
      'c.id as customer_id',
      'c.name as customer_name',
      'c.phone as customer_phone',
      'c.address as customer_address',
      'c.account_number as customer_account_number',
      'c.email_updates as customer_email_updates',
    ])
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Work order not found.');
  const events = await db
    .selectFrom('work_order_events')
    .select([
      'id',
      'at',
      'kind',
      'actor_email',
      // Who did it, by name (a staff member's or the customer's account name): the e-mail stays beside it.
      sql<string | null>`(SELECT u.name FROM "user" u WHERE lower(u.email) = lower(work_order_events.actor_email) LIMIT 1)`.as(
        'actor_name',
      ),
      'from_status',
      'to_status',
      'body',
      'visible_to_customer',
      calendarDay('scheduled_date'),
      'arrival_start',
      'arrival_end',
    ])
    .where('work_order_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const photos = await photosOf(db, id);
  const requestQuote = await db
    .selectFrom('quotes')
    .select(['id', 'status'])
    .where('work_order_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    id: Number(row.id),
    description: row.description,
    address: row.address,
    status: row.status as WorkOrderStatus,
    submittedAt: isoTime(row.submitted_at),
    requestDate: row.request_date,
    cancelReason: row.cancel_reason,
    requestedBy: row.requested_by_email ? { name: row.requested_by_name ?? '', email: row.requested_by_email } : null,
    quoteId: row.quote_id == null ? null : Number(row.quote_id),
    propertyId: row.property_id == null ? null : Number(row.property_id),
    schedule: officeScheduleView(row, timeZone),
    timeZone,
    nextStatuses: [...nextStaffStatuses(row.status)],
    customer: {
      id: row.customer_id == null ? null : Number(row.customer_id),
      name: row.customer_name,
      email: row.email,
      phone: row.customer_phone,
      address: row.customer_address,
      accountNumber: row.customer_account_number,
      emailUpdates: row.customer_email_updates,
    },
    timeline: events.map((e) => ({
      id: Number(e.id),
      at: isoTime(e.at),
      kind: e.kind,
      actorEmail: e.actor_email,
      actorName: e.actor_name || null,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      body: e.body,
      visibleToCustomer: e.visible_to_customer,
      schedule: e.kind === 'schedule' ? officeScheduleView(e, timeZone) : null,
    })),
    photos,
    requestQuote: requestQuote ? { id: Number(requestQuote.id), status: requestQuote.status } : null,
  };
}
