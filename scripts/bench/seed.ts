import { sql } from 'kysely';
import { loadConfig } from '../../server/platform/config';
import { ensureCustomer } from '../../server/modules/profile/ensure-customer';
import { createLogger } from '../../server/platform/logger';
import { startRuntime } from '../../server/runtime';

export const BENCH_PASSWORD = 'bench-password-2026';

export interface SeededCustomer {
  email: string;
  quoteIds: number[];
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * Migrates the database and creates `customers` confirmed accounts, each with `records` quotes
 * (with status history) and `records` work orders, through the portal's own runtime; then closes it
 * so the server process can open the database.
 */
export async function seed(env: Record<string, string | undefined>, customers: number, records: number): Promise<SeededCustomer[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'warn' });
  const runtime = await startRuntime({ config, logger: createLogger('warn'), mailPollMs: 3_600_000 });
  try {
    const { db, auth } = runtime;
    const emails = Array.from({ length: customers }, (_, i) => `bench-${String(i).padStart(4, '0')}@bench.example`);
    await inBatches(emails, 8, async (email) => {
      // phone and address are our additional (required) account fields, unknown to the inferred type.
      const body = { email, password: BENCH_PASSWORD, name: `Bench ${email.slice(6, 10)}`, phone: '555-0100', address: '1 Bench Road' };
      await auth.api.signUpEmail({ body: body as { email: string; password: string; name: string } });
      await ensureCustomer(db, { email, name: `Bench ${email.slice(6, 10)}`, phone: '(555) 010-0000', address: '1 Bench Street' });
    });
    await db.updateTable('user').set({ emailVerified: true }).where('email', 'like', 'bench-%').execute();
    await db.deleteFrom('mail_outbox').where('to_address', 'like', 'bench-%').execute();

    const ages = Array.from({ length: records }, (_, r) => r * 7 + 1);
    const statuses = ['Pending', 'Sent', 'Approved', 'Revision Requested'];
    const orderStatuses = ['Pending', 'In Progress', 'Complete', 'Cancelled'];
    const daysAgo = (n: number) => sql<Date>`now() - make_interval(days => ${n})`;
    const seeded: SeededCustomer[] = [];
    await inBatches(emails, 10, async (email) => {
      const quotes = await db
        .insertInto('quotes')
        .values(
          ages.map((age, r) => ({
            email,
            description: `Bench quote ${r}: kitchen, roof or deck work.`,
            total: `${1000 + r * 250}.50`,
            status: 'Draft',
            created_at: daysAgo(age),
          })),
        )
        .returning('id')
        .execute();
      const quoteIds = quotes.map((q) => Number(q.id));
      // Two history rows per quote, as before: the database logs Draft at creation and the change.
      for (const [s, status] of statuses.entries()) {
        const ids = quoteIds.filter((_, r) => r % 4 === s);
        if (ids.length) await db.updateTable('quotes').set({ status }).where('id', 'in', ids).execute();
      }
      await db
        .insertInto('work_orders')
        .values(
          ages.map((age, r) => ({
            email,
            description: `Bench work order ${r}: leaking tap.`,
            address: '1 Bench Street',
            status: orderStatuses[r % 4]!,
            submitted_at: daysAgo(age),
          })),
        )
        .execute();
      seeded.push({ email, quoteIds });
    });
    return seeded;
  } finally {
    await runtime.close();
  }
}
