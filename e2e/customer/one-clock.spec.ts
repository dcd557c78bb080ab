import { runSql } from '../support/control';
import { expect, test } from '../support/fixtures';

/**
 * Issue 22.6: one clock. The company is in America/Chicago (COMPANY_TIMEZONE's default, which the e2e
 * server keeps); the customer reads from Los Angeles. Times are the company's, and say so.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

test('the customer’s timeline shows times in the company’s zone, named, not the browser’s', async ({ page, customer }) => {
  const [order] = await runSql<{ id: number }>(
    `INSERT INTO work_orders (email, description, address) VALUES ($1, 'Fix the fence.', '5 Elm Road') RETURNING id`,
    [customer.email],
  );
  // 21:05 UTC = 3:05 PM in Chicago (CST) = 1:05 PM in Los Angeles.
  await runSql(
    `INSERT INTO work_order_events (work_order_id, at, actor_email, kind, body, visible_to_customer)
     VALUES ($1, '2026-11-22T21:05:00Z', 'office@northwind-builders.example', 'note', 'We ordered the boards.', true)`,
    [order!.id],
  );
  await page.goto(`/work-orders/${order!.id}`);
  const entry = page.locator('.customer-timeline li').filter({ hasText: 'We ordered the boards.' });
  await expect(entry.locator('time')).toHaveText('Nov 22, 2026, 3:05 PM CST');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
});
