import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../../contracts/customer/dashboard';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(async () => portal.close());

const dashboardOf = async (cookie: string) => {
  const res = await portal.request('/api/dashboard', { cookie });
  expect(res.status).toBe(200);
  return dashboardSchema.parse(await res.json());
};

describe('GET /api/dashboard hasRecords (only a new customer is welcomed)', () => {
  it('is false for a customer with nothing, true for one whose orders are all finished, true with a quote', async () => {
    const fresh = await portal.signUp('fresh@example.com');
    expect(await dashboardOf(fresh)).toMatchObject({ recentQuotes: [], activeWorkOrders: [], hasRecords: false });

    const back = await portal.signUp('back@example.com');
    await sql`INSERT INTO work_orders (email, description, address, status, submitted_at)
      VALUES ('Back@Example.com', 'Old job', '1 Main St', 'Complete', now()), ('back@example.com', 'Other', '1 Main St', 'Cancelled', now())`.execute(
      portal.db,
    );
    expect(await dashboardOf(back)).toMatchObject({ recentQuotes: [], activeWorkOrders: [], hasRecords: true });
    // Someone else's records do not count.
    expect((await dashboardOf(fresh)).hasRecords).toBe(false);

    const quoted = await portal.signUp('quoted@example.com');
    await sql`INSERT INTO quotes (email, description, total, status) VALUES ('quoted@example.com', 'Deck', 10, 'Declined')`.execute(
      portal.db,
    );
    expect((await dashboardOf(quoted)).hasRecords).toBe(true);
  });
});
