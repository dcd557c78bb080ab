import type { Page } from '@playwright/test';
import { runSql } from '../support/control';
import { createCustomer, expect, test } from '../support/fixtures';
import { readPdfText } from '../support/pdf-text';
import { englishLeftOnPage } from '../support/spanish-sweep';

const insertOrder = async (
  email: string,
  status: string,
  submittedAt: string,
  description = 'Fix the garden fence.',
  address = '12 Oak Street',
) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO work_orders (email, description, address, status, submitted_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [email, description, address, status, submittedAt],
      )
    )[0]!.id,
  );
const statusOf = async (id: number) => (await runSql<{ status: string }>(`SELECT status FROM work_orders WHERE id = $1`, [id]))[0]?.status;

const card = (page: Page, id: number) => page.getByRole('article', { name: `Work Order #${id}` });
const shownIds = async (page: Page) =>
  (await page.getByRole('article').getByRole('heading').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')));

/** Four orders, one of each status, newest first: Pending (Apr), In Progress (Mar), Complete (Feb), Cancelled (Jan). */
async function seedOrders(email: string) {
  return {
    cancelled: await insertOrder(email, 'Cancelled', '2026-01-10T10:00:00Z'),
    complete: await insertOrder(email, 'Complete', '2026-02-10T10:00:00Z'),
    inProgress: await insertOrder(email.toUpperCase(), 'In Progress', '2026-03-10T10:00:00Z'),
    pending: await insertOrder(email, 'Pending', '2026-04-10T10:00:00Z', 'Replace the back porch steps.', '88 Lakeside Drive'),
  };
}

test('lists own orders newest first with description, address, date, badge and the right buttons', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  const other = await createCustomer(page);
  const othersOrder = await insertOrder(other.email, 'Pending', '2026-05-01T10:00:00Z');

  await page.goto('/work-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Work Orders' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  expect(await shownIds(page)).toEqual([ids.pending, ids.inProgress, ids.complete, ids.cancelled]);
  await expect(card(page, othersOrder)).toHaveCount(0);

  const pending = card(page, ids.pending);
  await expect(pending).toContainText('Replace the back porch steps.');
  await expect(pending).toContainText('88 Lakeside Drive');
  await expect(pending).toContainText('Apr 10, 2026');
  const colors = { pending: 'grey', inProgress: 'yellow', complete: 'green', cancelled: 'red' } as const;
  const labels = { pending: 'Pending', inProgress: 'In Progress', complete: 'Complete', cancelled: 'Cancelled' } as const;
  for (const key of Object.keys(colors) as (keyof typeof colors)[]) {
    const order = card(page, ids[key]);
    await expect(order.getByText(labels[key], { exact: true })).toHaveAttribute('data-color', colors[key]);
    await expect(order.getByRole('button', { name: 'Download Summary' })).toBeVisible();
    const cancellable = key === 'pending' || key === 'inProgress';
    await expect(order.getByRole('button', { name: 'Cancel Order' })).toHaveCount(cancellable ? 1 : 0);
  }
});

test('the status filter is kept in the URL: reload and Back keep it', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  await page.goto('/work-orders');
  await expect(page.getByRole('article')).toHaveCount(4);
  const filter = page.getByLabel('Status');
  await expect(filter.locator('option')).toHaveText(['All', 'Pending', 'In Progress', 'Complete', 'Cancelled']);

  await filter.selectOption('In Progress');
  await expect(page).toHaveURL(/\/work-orders\?status=In(\+|%20)Progress$/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, ids.inProgress)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('In Progress');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, ids.inProgress)).toBeVisible();

  await page.getByLabel('Status').selectOption('Complete');
  await expect(card(page, ids.complete)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(/status=In(\+|%20)Progress$/);
  await expect(page.getByLabel('Status')).toHaveValue('In Progress');
  await expect(card(page, ids.inProgress)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.getByLabel('Status').selectOption('All');
  await expect(page).toHaveURL(/\/work-orders$/);
  await expect(page.getByRole('article')).toHaveCount(4);
});

test("a filter with no orders says 'No work orders found for this filter.'", async ({ page, customer }) => {
  await insertOrder(customer.email, 'Pending', '2026-04-10T10:00:00Z');
  await page.goto('/work-orders?status=Cancelled');
  await expect(page.getByText('No work orders found for this filter.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test("shows 'Loading work orders...' while the list loads", async ({ page, customer }) => {
  const id = await insertOrder(customer.email, 'Pending', '2026-04-10T10:00:00Z');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/work-orders', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/work-orders');
  await expect(page.getByText('Loading work orders...')).toBeVisible();
  release();
  await expect(card(page, id)).toBeVisible();
  await expect(page.getByText('Loading work orders...')).toHaveCount(0);
});

test('cancel asks first; Keep changes nothing; confirming updates the order in place', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  await page.goto('/work-orders');
  const order = card(page, ids.pending);
  await order.getByRole('button', { name: 'Cancel Order' }).click();

  const dialog = page.getByRole('alertdialog', { name: `Cancel Work Order #${ids.pending}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep Order' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep Order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(order.getByRole('button', { name: 'Cancel Order' })).toBeFocused();
  expect(await statusOf(ids.pending)).toBe('Pending');

  await order.getByRole('button', { name: 'Cancel Order' }).click();
  // Escape once the dialog is open and holds the focus (pressed before it opened, it closed nothing).
  await expect(dialog.getByRole('button', { name: 'Keep Order' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await statusOf(ids.pending)).toBe('Pending');

  let listLoads = 0;
  page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/work-orders' && listLoads++);
  await order.getByRole('button', { name: 'Cancel Order' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(order.getByText('Cancelled', { exact: true })).toHaveAttribute('data-color', 'red');
  await expect(order.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(order.getByRole('heading')).toBeFocused();
  expect(await statusOf(ids.pending)).toBe('Cancelled');
  expect(listLoads).toBe(0);
  expect(await shownIds(page)).toEqual([ids.pending, ids.inProgress, ids.complete, ids.cancelled]);

  // In Progress can be cancelled too.
  await card(page, ids.inProgress).getByRole('button', { name: 'Cancel Order' }).click();
  await dialog.or(page.getByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(card(page, ids.inProgress).getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await statusOf(ids.inProgress)).toBe('Cancelled');
});

test('a cancelled order leaves a list filtered to Pending', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  await page.goto('/work-orders?status=Pending');
  await card(page, ids.pending).getByRole('button', { name: 'Cancel Order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText('No work orders found for this filter.')).toBeVisible();
  await page.getByLabel('Status').selectOption('Cancelled');
  await expect(card(page, ids.pending)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
});

test('when the server refuses a cancel, nothing changes and no message is shown (it is logged)', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  await page.goto('/work-orders');
  await expect(card(page, ids.pending).getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  // Meanwhile the office completed the order: the server answers 409.
  await runSql(`UPDATE work_orders SET status = 'Complete' WHERE id = $1`, [ids.pending]);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const order = card(page, ids.pending);
  await order.getByRole('button', { name: 'Cancel Order' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/work-orders/${ids.pending}/cancel`));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel order' }).click();
  expect((await answer).status()).toBe(409);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(order.getByText('Pending', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => errors.some((e) => e.includes(`Work order ${ids.pending} could not be cancelled`))).toBe(true);
});

test('Download Summary saves workorder-{id}.pdf with the title, id, address and company footer', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  const company = (await (await page.request.get('/api/config')).json()) as {
    company: { name: string; email: string; phones: [string, string]; address: string };
  };
  await page.goto('/work-orders');
  const download = page.waitForEvent('download');
  await card(page, ids.pending).getByRole('button', { name: 'Download Summary' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`workorder-${ids.pending}.pdf`);
  const { text } = await readPdfText(await file.path());
  expect(text).toContain('Work Order Summary');
  expect(text).toContain(String(ids.pending));
  expect(text).toContain('88 Lakeside Drive');
  expect(text).toContain('Replace the back porch steps.');
  expect(text).toContain('Pending');
  for (const part of [company.company.name, company.company.email, ...company.company.phones]) expect(text).toContain(part);
});

test('Download Summary works once the company details load again after /api/config failed', async ({ page, customer }) => {
  const ids = await seedOrders(customer.email);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let configDown = true;
  let configCalls = 0;
  await page.route('**/api/config', (route) => {
    configCalls++;
    return configDown ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'x' } } }) : route.fallback();
  });
  await page.goto('/work-orders');
  // The page's own config query has given up (first try + two retries).
  await expect.poll(() => configCalls, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const button = card(page, ids.pending).getByRole('button', { name: 'Download Summary' });
  await button.click();
  await expect(card(page, ids.pending).getByRole('alert')).toHaveText('The summary could not be created. Please try again.', {
    timeout: 15_000,
  });
  // The page's console message reaches the test a moment after the screen shows the failure.
  await expect.poll(() => errors.some((e) => e.includes(`Work order ${ids.pending} summary: the PDF could not be created`))).toBe(true);

  configDown = false;
  const download = page.waitForEvent('download');
  await button.click();
  expect((await download).suggestedFilename()).toBe(`workorder-${ids.pending}.pdf`);
  await expect(card(page, ids.pending).getByRole('alert')).toHaveCount(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });
  test('filter, orders, dialog and PDF are Spanish', async ({ page, customer }) => {
    const ids = await seedOrders(customer.email);
    await page.goto('/work-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Órdenes de trabajo' })).toBeVisible();
    await expect(page.getByLabel('Estado').locator('option')).toHaveText(['Todas', 'Pendiente', 'En progreso', 'Completada', 'Cancelada']);
    const order = page.getByRole('article', { name: `Orden de trabajo #${ids.pending}` });
    await expect(order).toContainText('10 abr 2026');
    await expect(order.getByRole('button', { name: 'Descargar resumen' })).toBeVisible();
    expect(await englishLeftOnPage(page, ['workOrders'])).toEqual([]);

    await order.getByRole('button', { name: 'Cancelar orden' }).click();
    const dialog = page.getByRole('alertdialog', { name: `¿Cancelar la orden de trabajo #${ids.pending}?` });
    await expect(dialog).toBeVisible();
    expect(await englishLeftOnPage(page, ['workOrders'])).toEqual([]);
    await dialog.getByRole('button', { name: 'Conservar la orden' }).click();

    const download = page.waitForEvent('download');
    await order.getByRole('button', { name: 'Descargar resumen' }).click();
    const { text } = await readPdfText(await (await download).path());
    expect(text).toContain('Resumen de orden de trabajo');
    expect(text).toContain('Pendiente');
    expect(text).toContain('88 Lakeside Drive');

    await page.getByLabel('Estado').selectOption('Cancelada');
    await expect(page).toHaveURL(/status=Cancelled$/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Orden de trabajo #${ids.cancelled}` })).toBeVisible();
    await runSql(`DELETE FROM work_orders WHERE lower(email) = lower($1)`, [customer.email]);
    await page.reload();
    await expect(page.getByText('No se encontraron órdenes de trabajo para este filtro.')).toBeVisible();
    expect(await englishLeftOnPage(page, ['workOrders'])).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('nothing overflows sideways, the dialog included', async ({ page, customer }) => {
    const id = await insertOrder(
      customer.email,
      'In Progress',
      '2026-04-10T10:00:00Z',
      'A'.repeat(120),
      'Unit 4, 1234-Extraordinarily-Long-Street-Name-Without-Any-Spaces',
    );
    await page.goto('/work-orders');
    await expect(card(page, id)).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await card(page, id).getByRole('button', { name: 'Cancel Order' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
