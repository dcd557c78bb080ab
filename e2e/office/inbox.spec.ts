import { createCustomer, signIn } from '../support/fixtures';
import { runSql } from '../support/control';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';

test('a new work request and a revision request arrive newest first, open their record, and leave with Done', async ({
  page,
  owner: _owner,
  browser,
}) => {
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await createCustomer(customerPage, { name: `Inés ${Date.now().toString(36)}` });
  await signIn(customerPage, customer);
  const [quote] = await runSql<{ id: number }>(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Deck', 5400.00, 'Sent') RETURNING id`,
    [customer.email],
  );
  const headers = { origin: E2E_BASE_URL };
  const order = await customerPage.request.post('/api/work-orders', {
    headers,
    data: { address: '42 Elm Street', description: 'The gutter leaks over the door' },
  });
  expect(order.ok()).toBe(true);
  const orderId = ((await order.json()) as { id: number }).id;
  const revision = await customerPage.request.post(`/api/quotes/${quote!.id}/revision-requests`, {
    headers,
    data: { message: 'Please use composite boards' },
  });
  expect(revision.ok()).toBe(true);
  await customerContext.close();

  await page.goto('/office');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const mine = page.getByRole('list', { name: 'Inbox' }).getByRole('article').filter({ hasText: customer.email });
  await expect(mine.getByRole('heading', { level: 2 })).toHaveText([
    `Revision request: Quote #${quote!.id}`,
    `New work request: Work Order #${orderId}`,
  ]);
  await expect(mine.first()).toContainText('Please use composite boards');
  await expect(mine.nth(1)).toContainText('The gutter leaks over the door');

  await mine.first().getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked done' })).toHaveText(`Marked done: Quote #${quote!.id}.`);
  await expect(mine).toHaveCount(1);
  await page.reload();
  await expect(mine).toHaveCount(1);

  await mine.getByRole('link', { name: `Work Order #${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Work Order #${orderId}`);
  await expect(page.getByRole('link', { name: new RegExp(customer.name) })).toBeVisible();
});
