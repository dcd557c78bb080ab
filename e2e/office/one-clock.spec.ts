import { runSql } from '../support/control';
import { expect, test } from '../support/office-fixtures';

/**
 * Issue 22.6: one clock. The office worker's browser is in New York; the company (COMPANY_TIMEZONE's
 * default, kept by the e2e server) is in Chicago. The audit log's times are the company's, named.
 */
test.use({ timezoneId: 'America/New_York' });

test('the audit log shows when in the company’s zone, named, not the browser’s', async ({ page, owner: _owner }) => {
  const entityId = `clock-${Date.now().toString(36)}`;
  // 21:05 UTC = 3:05 PM in Chicago (CST) = 4:05 PM in New York.
  await runSql(
    `INSERT INTO audit_log (at, actor_email, action, entity, entity_id) VALUES ('2026-11-22T21:05:00Z', 'clock@company.example', 'update', 'customer', $1)`,
    [entityId],
  );
  await page.goto(`/office/audit?actor=${encodeURIComponent('clock@company.example')}`);
  const entry = page.getByRole('list', { name: 'Office actions' }).getByRole('article').first();
  await expect(entry.locator('time')).toHaveText('Nov 22, 2026, 3:05 PM CST');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
});

test('a slow /api/config still gives the company’s zone: the office waits for it before its first screen', async ({
  page,
  owner: _owner,
}) => {
  const entityId = `clock-slow-${Date.now().toString(36)}`;
  await runSql(
    `INSERT INTO audit_log (at, actor_email, action, entity, entity_id) VALUES ('2026-11-22T21:05:00Z', 'slow-clock@company.example', 'update', 'customer', $1)`,
    [entityId],
  );
  // The configuration answers after the screen's own data, as on a slow network where it loses the race:
  // it is held until the audit log's answer has reached the page (decision 263: an order of events, not a time).
  let auditAnswered!: () => void;
  const auditArrived = new Promise<void>((resolve) => (auditAnswered = resolve));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/office/audit') auditAnswered();
  });
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await auditArrived;
    await route.fulfill({ response });
  });
  await page.goto(`/office/audit?actor=${encodeURIComponent('slow-clock@company.example')}`);
  const entry = page.getByRole('list', { name: 'Office actions' }).getByRole('article').first();
  await expect(entry.locator('time')).toHaveText('Nov 22, 2026, 3:05 PM CST');
});
