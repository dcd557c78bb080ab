import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { WorkOrdersTable } from '../../platform/db/schema';
import type { NewWorkOrder, WorkOrder, WorkOrderDetail, WorkOrderFilter } from '../../../contracts/customer/work-orders';
import { workOrderEventKinds } from '../../../contracts/customer/work-orders';
import { NotFoundError } from '../../../domain/errors';
import { cancellableStatuses, notCancellable } from '../../../domain/work-orders';
import { ownedBy, preparedStatement, type Db, type PreparedCall } from '../../platform/db/customer-scope';
import { calendarDay, isoTime } from '../../platform/db/columns';
import { statementTemplate, type SqlLiteral } from '../../platform/db/inline-parameters';
import { toWorkOrder, workOrderColumns } from './mappers';
import { scheduleView } from './schedule-view';
import { photosOf } from '../photos/repository';
import type { VisitWindow } from './mail';

/** The customer's orders, newest submitted first, optionally of one status; schedules shown in timeZone. */
export async function listForCustomer(db: Db, email: string, filter: WorkOrderFilter, timeZone: string): Promise<WorkOrder[]> {
  let query = db.selectFrom('work_orders').select(workOrderColumns).where(ownedBy(email));
  if (filter !== 'All') query = query.where('status', '=', filter);
  const rows = await query.orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => toWorkOrder(row, timeZone));
}

/** A new order as the customer sent it, with the property it is for (none for another address). */
type OrderToInsert = NewWorkOrder & { propertyId?: number | null };
/** What refuses it: `max` orders in the last hour, and a named property that is not theirs (propertyOwned: it must be). */
type InsertChecks = { max: number; propertyOwned: boolean };

/**
 * Stores a new order as Pending; submitted_at (and so request_date) come from the database clock.
 * With a property, the address stored is the property's (sql/properties.sql copies it).
 */
export async function insert(db: Db, email: string, order: OrderToInsert, timeZone: string): Promise<WorkOrder> {
  const row = await db
    .insertInto('work_orders')
    .values({ email, address: order.address, description: order.description, status: 'Pending', property_id: order.propertyId ?? null })
    .returning(workOrderColumns)
    .executeTakeFirstOrThrow();
  return toWorkOrder(row, timeZone);
}

/**
 * Stores a new order as Pending in ONE statement that also checks what would refuse it, and answers
 * it, or undefined when a check failed (the caller tells which): the customer is under the hourly
 * limit (`max` orders in the last hour; the limit's lock taken before, hourly-limit.ts), and the
 * property, when one is named and not just chosen (`propertyOwned`), is theirs. The checks and the
 * INSERT are the database's insert_work_order_checked (sql/work-orders.sql), whose plan PostgreSQL
 * keeps for the session (decision 285). The statement is compiled once (statementTemplate) and the
 * values written into it as literals, so on PostgreSQL it goes out in one message with the
 * transaction's BEGIN, scope settings and lock (deferred-begin.ts).
 */
export async function insertChecked(
  db: Db,
  email: string,
  order: OrderToInsert,
  checks: InsertChecks,
  timeZone: string,
): Promise<WorkOrder | undefined> {
  const { rows } = await db.executeQuery(insertCheckedStatement(db, checkedValues(email, order, checks)));
  return rows[0] ? toWorkOrder(rows[0], timeZone) : undefined;
}

const checkedValues = (email: string, order: OrderToInsert, checks: InsertChecks) => {
  const propertyId = order.propertyId ?? null;
  return {
    email,
    address: order.address,
    description: order.description,
    propertyId,
    named: checks.propertyOwned && propertyId !== null,
    max: checks.max,
  };
};

/**
 * insertChecked and the e-mails about the new order as ONE prepared statement (decisions 296 and 298):
 * `mails(source, first)` is the INSERT that queues them for the row of the CTE `source`, its values
 * parameters from $first (queueMailsForRowStatement), so a refused order queues none. Its rows: the order
 * as insertChecked answers it (toWorkOrder), none when a check refused it. The statement's text is the
 * same at every call (its values are the arguments); undefined when a value cannot be written as a literal.
 */
export function insertCheckedWithMails(
  db: Db,
  email: string,
  order: OrderToInsert,
  checks: InsertChecks,
  mails: (source: string, first: number) => { sql: string; arguments: SqlLiteral[] } | undefined,
): PreparedCall | undefined {
  const created = insertCheckedStatement.parameterized(db, checkedValues(email, order, checks));
  const queued = created && mails('created', created.arguments.length + 1);
  if (!created || !queued) return undefined;
  const text = `WITH created AS MATERIALIZED (${created.sql}), queued AS (${queued.sql}) SELECT * FROM created`;
  return { prepared: preparedStatement('portal_write', text), arguments: [...created.arguments, ...queued.arguments] };
}

const insertCheckedStatement = statementTemplate(
  (
    db: Db,
    v: {
      email: RawBuilder<string>;
      address: RawBuilder<string>;
      description: RawBuilder<string>;
      propertyId: RawBuilder<number | null>;
      named: RawBuilder<boolean>;
      max: RawBuilder<number>;
    },
  ) =>
    db
      .selectFrom(
        sql<
          Selectable<WorkOrdersTable>
        >`insert_work_order_checked(${v.email}, ${v.address}, ${v.description}, ${v.propertyId}::bigint, ${v.named}, ${v.max}::bigint)`.as(
          'work_orders',
        ),
      )
      .select(workOrderColumns),
);

/**
 * One conditional UPDATE does the work, so two clicks (or two tabs) cannot race past the state check.
 * Only when it changes nothing do we look again, to tell "not yours" from "not cancellable".
 * Answers the cancelled order and the visit it had (if any), whose calendar event is to be cancelled.
 */
export async function cancel(
  db: Db,
  email: string,
  id: number,
  timeZone: string,
): Promise<{ workOrder: WorkOrder; visit: VisitWindow | undefined }> {
  const row = await db
    .updateTable('work_orders')
    .set({ status: 'Cancelled' })
    .where('id', '=', id)
    .where(ownedBy(email))
    .where('status', 'in', cancellableStatuses)
    .returning(workOrderColumns)
    .executeTakeFirst();
  if (row) {
    const { scheduled_date: date, arrival_start: start, arrival_end: end } = row;
    const visit = date && start && end ? { date, start: new Date(start), end: new Date(end) } : undefined;
    return { workOrder: toWorkOrder(row, timeZone), visit };
  }
  const existing = await db.selectFrom('work_orders').select('status').where('id', '=', id).where(ownedBy(email)).executeTakeFirst();
  throw existing ? notCancellable(existing.status) : new NotFoundError('Work order not found.');
}

/**
 * The customer's /work-orders/:id: the order and the events the customer may see, oldest first.
 * Only customer-visible rows of the four kinds, and never actor_email (the customer's role cannot
 * even read that column: migration 042).
 */
export async function findForCustomer(db: Db, email: string, id: number, timeZone: string): Promise<WorkOrderDetail> {
  const row = await db.selectFrom('work_orders').select(workOrderColumns).where('id', '=', id).where(ownedBy(email)).executeTakeFirst();
  if (!row) throw new NotFoundError('Work order not found.');
  const events = await db
    .selectFrom('work_order_events')
    .select(['id', 'at', 'kind', 'from_status', 'to_status', 'body', calendarDay('scheduled_date'), 'arrival_start', 'arrival_end'])
    .where('work_order_id', '=', id)
    .where('visible_to_customer', '=', true)
    .where('kind', 'in', workOrderEventKinds)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const photos = await photosOf(db, id);
  // A quote that answered this order as a request (quotes.work_order_id): the customer sent the order.
  const answered = await db.selectFrom('quotes').select('id').where('work_order_id', '=', id).executeTakeFirst();
  return {
    workOrder: toWorkOrder(row, timeZone),
    photos,
    sentAsRequest: answered !== undefined,
    timeline: events.map((e) => ({
      id: Number(e.id),
      at: isoTime(e.at),
      kind: e.kind as (typeof workOrderEventKinds)[number],
      fromStatus: e.from_status,
      toStatus: e.to_status,
      body: e.body,
      schedule: e.kind === 'schedule' ? scheduleView(e, timeZone) : null,
    })),
  };
}

/** The order, locked until the transaction ends, so two staff changing it at once take turns. */
export async function lockOrder(db: Db, id: number) {
  const row = await db
    .selectFrom('work_orders')
    .select([
      'id',
      'email',
      'description',
      'address',
      'status',
      'cancel_reason',
      sql<string | null>`to_char(scheduled_date, 'YYYY-MM-DD')`.as('scheduled_date'),
      'arrival_start',
      'arrival_end',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Work order not found.');
  return { ...row, id: Number(row.id) };
}
export type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

/** The visit a locked order has, if it is scheduled. */
export const visitOf = (order: LockedOrder) =>
  order.scheduled_date && order.arrival_start && order.arrival_end
    ? { date: order.scheduled_date, start: new Date(order.arrival_start), end: new Date(order.arrival_end) }
    : undefined;
