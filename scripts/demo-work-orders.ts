import { sql, type Kysely } from 'kysely';
import { checkWindow, toLocal } from '../domain/work-orders/schedule';
import type { Config } from '../server/platform/config';
import type { Database } from '../server/platform/db/schema';

/**
 * The work-order part of `npm run demo` (called from scripts/demo.ts after the demo's orders exist):
 * the In Progress order is scheduled three days ahead, 09:00-11:00 in COMPANY_TIMEZONE, by the office,
 * with a note the customer sees and an internal one they never see. Written with SQL in one
 * transaction (the timeline's schedule row comes from the database's trigger); no e-mail is queued.
 */
export async function seedDemoWorkOrders(db: Kysely<Database>, config: Config, demoEmail: string): Promise<void> {
  const timeZone = config.company.timeZone;
  const today = toLocal(new Date(), timeZone).date;
  const inThreeDays = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)) + 3))
    .toISOString()
    .slice(0, 10);
  const window = checkWindow({ date: inThreeDays, from: '09:00', until: '11:00' }, timeZone);
  if (!window.ok) throw new Error(`demo schedule: ${window.message}`);
  const office = config.company.email;

  await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('portal.actor', ${office}, true)`.execute(trx);
    const order = await trx
      .selectFrom('work_orders')
      .select('id')
      .where(sql<boolean>`lower(email) = ${demoEmail.toLowerCase()}`)
      .where('status', '=', 'In Progress')
      .executeTakeFirst();
    if (!order) throw new Error('demo: the In Progress work order is missing');
    await trx
      .updateTable('work_orders')
      .set({ scheduled_date: inThreeDays, arrival_start: window.start, arrival_end: window.end })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('work_order_events')
      .values([
        {
          work_order_id: order.id,
          actor_email: office,
          kind: 'note',
          body: 'We ordered a pre-hung door and frame; it arrives before your visit. Please clear the hallway by the back door.',
          visible_to_customer: true,
        },
        {
          work_order_id: order.id,
          actor_email: office,
          kind: 'note',
          body: 'Internal: the frame is in the yard, bay 3. Old frame has rot at the sill: quote the sill separately.',
          visible_to_customer: false,
        },
      ])
      .execute();
  });
}
