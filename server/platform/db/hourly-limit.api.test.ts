import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { HOURLY_LIMITS } from './hourly-limit';

let portal: TestPortal;
let cookie: string;
beforeAll(async () => {
  portal = await createTestPortal();
  cookie = await portal.signUp('busy@example.com');
});
afterAll(() => portal?.close());

describe('hourly limits on what a customer creates', () => {
  it(`refuses the work order after ${HOURLY_LIMITS.workOrders} in an hour, with a clear message; older ones do not count`, async () => {
    await sql`INSERT INTO work_orders (email, description, address, submitted_at)
      SELECT 'busy@example.com', 'old', 'a', now() - interval '2 hours' FROM generate_series(1, 40)`.execute(portal.db);
    await sql`INSERT INTO work_orders (email, description, address)
      SELECT 'busy@example.com', 'x', 'a' FROM generate_series(1, ${HOURLY_LIMITS.workOrders - 1})`.execute(portal.db);
    expect((await portal.request('/api/work-orders', { cookie, body: { address: 'a', description: 'last allowed' } })).status).toBe(201);
    const refused = await portal.request('/api/work-orders', { cookie, body: { address: 'a', description: 'one too many' } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/many requests in the last hour/);
  });

  it(`refuses the revision request after ${HOURLY_LIMITS.revisionRequests} in an hour, and queues no e-mail`, async () => {
    const quote = (
      await sql<{ id: number }>`INSERT INTO quotes (email, total) VALUES ('busy@example.com', 1) RETURNING id`.execute(portal.db)
    ).rows[0]!;
    await sql`INSERT INTO quote_requests (quote_id, email, message)
      SELECT ${quote.id}, 'busy@example.com', 'm' FROM generate_series(1, ${HOURLY_LIMITS.revisionRequests})`.execute(portal.db);
    const before = await portal.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await portal.request(`/api/quotes/${quote.id}/revision-requests`, { cookie, body: { message: 'again' } });
    expect(refused.status).toBe(429);
    const after = await portal.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('counts parallel requests one after another: a burst at the limit never exceeds it', async () => {
    const racer = await portal.signUp('racer@example.com');
    await sql`INSERT INTO work_orders (email, description, address)
      SELECT 'racer@example.com', 'x', 'a' FROM generate_series(1, ${HOURLY_LIMITS.workOrders - 3})`.execute(portal.db);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        portal.request('/api/work-orders', { cookie: racer, body: { address: 'a', description: `burst ${i}` } }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(9);
    const { n } = await portal.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'racer@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(HOURLY_LIMITS.workOrders);
  });

  it("counts a burst naming the customer's own property the same way, and refuses another's property with 404 (below the limit; 429 at it)", async () => {
    const owner = await portal.signUp('prop-racer@example.com');
    const propertyOf = async (email: string) =>
      Number(
        (
          await sql<{ id: number }>`SELECT p.id FROM properties AS p JOIN customers AS c ON c.id = p.customer_id
            WHERE lower(c.email) = ${email} ORDER BY p.id LIMIT 1`.execute(portal.db)
        ).rows[0]!.id,
      );
    const own = await propertyOf('prop-racer@example.com');
    const others = await propertyOf('busy@example.com');
    const notTheirs = await portal.request('/api/work-orders', {
      cookie: owner,
      body: { address: 'a', description: 'x', propertyId: others },
    });
    expect(notTheirs.status).toBe(404);
    expect((await notTheirs.json()).error.code).toBe('property_not_found');
    await sql`INSERT INTO work_orders (email, description, address)
      SELECT 'prop-racer@example.com', 'x', 'a' FROM generate_series(1, ${HOURLY_LIMITS.workOrders - 2})`.execute(portal.db);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        portal.request('/api/work-orders', { cookie: owner, body: { address: 'a', description: `burst ${i}`, propertyId: own } }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(2);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(6);
    const made = await Promise.all(burst.filter((r) => r.status === 201).map((r) => r.json()));
    expect(made.map((o: { propertyId: number }) => o.propertyId)).toEqual([own, own]);
    // At the limit, the limit is what the customer is told, whatever the property.
    const late = await portal.request('/api/work-orders', { cookie: owner, body: { address: 'a', description: 'x', propertyId: others } });
    expect(late.status).toBe(429);
    // Two e-mails for each order made (the office's and the customer's copy), none for a refused one.
    const { n } = await portal.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'work-request-copy')
      .where('to_address', '=', 'prop-racer@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(2);
  });
});
