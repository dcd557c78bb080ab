import { runSql } from '../support/control';
import { createCustomer, expect, signIn, test } from '../support/fixtures';
import { englishLeftOnPage } from '../support/spanish-sweep';

const insertQuote = async (email: string, total: string, status: string, createdAt: string) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO quotes (email, description, total, status, created_at) VALUES ($1, 'Kitchen', $2, $3, $4) RETURNING id`,
        [email, total, status, createdAt],
      )
    )[0]!.id,
  );
const insertOrder = async (email: string, status: string, submittedAt: string) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO work_orders (email, description, address, status, submitted_at) VALUES ($1, 'Repair', '1 Main St', $2, $3) RETURNING id`,
        [email, status, submittedAt],
      )
    )[0]!.id,
  );

test('shows the five newest quotes and the active work orders, each list linking to its screen', async ({ page, customer }) => {
  const quotes: number[] = [];
  for (let month = 1; month <= 6; month++) {
    quotes.push(
      await insertQuote(customer.email.toUpperCase(), `${month}234.5`, month === 6 ? 'Approved' : 'Sent', `2026-0${month}-10T12:00:00Z`),
    );
  }
  const pending = await insertOrder(customer.email, 'Pending', '2026-03-05T15:00:00Z');
  const inProgress = await insertOrder(customer.email, 'In Progress', '2026-04-07T15:00:00Z');
  const complete = await insertOrder(customer.email, 'Complete', '2026-05-01T15:00:00Z');
  const other = await createCustomer(page);
  const othersQuote = await insertQuote(other.email, '1.00', 'Sent', '2026-07-01T00:00:00Z');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent Quotes' });
  const quoteItems = recent.getByRole('listitem');
  await expect(quoteItems).toHaveCount(5);
  await expect(quoteItems.first()).toContainText(`Quote #${quotes[5]}`);
  await expect(quoteItems.first()).toContainText('Total: $6,234.50');
  await expect(quoteItems.first().getByText('Approved')).toHaveAttribute('data-color', 'green');
  await expect(quoteItems.nth(1).getByText('Sent')).toHaveAttribute('data-color', 'yellow');
  await expect(quoteItems.last()).toContainText(`Quote #${quotes[1]}`);
  await expect(recent.getByText(`Quote #${quotes[0]}`, { exact: true })).toHaveCount(0);
  await expect(recent.getByText(`Quote #${othersQuote}`, { exact: true })).toHaveCount(0);

  const active = page.getByRole('region', { name: 'Active Work Orders' });
  const orderItems = active.getByRole('listitem');
  await expect(orderItems).toHaveCount(2);
  await expect(orderItems.first()).toContainText(`Work Order #${inProgress}`);
  await expect(orderItems.first()).toContainText('Requested: Apr 7, 2026');
  await expect(orderItems.first().getByText('In Progress')).toHaveAttribute('data-color', 'yellow');
  await expect(orderItems.nth(1)).toContainText(`Work Order #${pending}`);
  await expect(orderItems.nth(1).getByText('Pending')).toHaveAttribute('data-color', 'grey');
  await expect(active.getByText(`Work Order #${complete}`, { exact: true })).toHaveCount(0);

  await recent.getByRole('link', { name: 'View all quotes' }).click();
  await expect(page).toHaveURL(/\/quotes$/);
  await page.goBack();
  await active.getByRole('link', { name: 'View all work orders' }).click();
  await expect(page).toHaveURL(/\/work-orders$/);
});

test('each row says what the job is and opens its record; a scheduled order says when the company comes', async ({ page, customer }) => {
  const quote = await insertQuote(customer.email, '980', 'Expired', '2026-03-01T12:00:00Z');
  const order = await insertOrder(customer.email, 'Pending', '2026-03-05T15:00:00Z');
  await runSql(`UPDATE quotes SET description = 'New cedar deck with railings' WHERE id = $1`, [quote]);
  await runSql(
    `UPDATE work_orders SET description = $2, scheduled_date = '2026-11-02', arrival_start = '2026-11-02 08:00 America/Chicago',
       arrival_end = '2026-11-02 11:30 America/Chicago' WHERE id = $1`,
    [order, `Fix the porch steps. ${'The third step wobbles and the railing is loose. '.repeat(10)}`],
  );
  await page.goto('/');
  const quoteRow = page.getByRole('region', { name: 'Recent Quotes' }).getByRole('link', { name: new RegExp(`Quote #${quote}\\b`) });
  await expect(quoteRow).toContainText('New cedar deck with railings');
  await expect(quoteRow.getByText('Expired')).toHaveAttribute('data-color', 'outline');
  const orderRow = page
    .getByRole('region', { name: 'Active Work Orders' })
    .getByRole('link', { name: new RegExp(`Work Order #${order}\\b`) });
  await expect(orderRow).toContainText('Fix the porch steps.');
  await expect(orderRow).toContainText('…');
  await expect(orderRow).toContainText('Scheduled: Nov 2, 2026, 8:00 AM–11:30 AM');
  expect((await orderRow.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await orderRow.click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${order}$`));
  await page.goBack();
  await quoteRow.click();
  await expect(page).toHaveURL(new RegExp(`/quotes/${quote}$`));
});

test('a customer with nothing yet is welcomed, sees both empty messages and is pointed to Submit Request', async ({ page }) => {
  const customer = await createCustomer(page);
  await signIn(page, customer);
  await page.goto('/');
  await expect(page.getByText('No quotes available.')).toBeVisible();
  await expect(page.getByText('No active work orders.')).toBeVisible();
  const welcome = page.getByRole('region', { name: 'Welcome!' });
  await welcome.getByRole('link', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/submit-work-order$/);
});

test("the company's phones and e-mail are on the dashboard (once) and in the menu of other screens, as links that call and write", async ({
  page,
  customer: _c,
}) => {
  const { company } = (await (await page.request.get('/api/config')).json()) as { company: { phones: string[]; email: string } };
  const cards = page.getByRole('region', { name: 'Contact us' });
  for (const path of ['/', '/quotes']) {
    await page.goto(path);
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('link', { name: new RegExp(company.phones[0]!.replace(/[()]/g, '\\$&')) })).toHaveAttribute(
      'href',
      `tel:${company.phones[0]!.replace(/\D/g, '')}`,
    );
    await expect(card.getByRole('link', { name: new RegExp(company.email) })).toHaveAttribute('href', `mailto:${company.email}`);
  }
  await expect(page.locator('.sidebar img.brand-logo')).toBeVisible();
});

test('makes one API request for the page', async ({ page, customer }) => {
  await insertQuote(customer.email, '10', 'Sent', '2026-01-01T00:00:00Z');
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/') && url.pathname !== '/api/config')
      calls.push(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByText('Total: $10.00')).toBeVisible();
  expect(calls).toEqual(['/api/dashboard']);
});

test('a failed load is logged and can be retried', async ({ page, customer }) => {
  await insertQuote(customer.email, '99.9', 'Sent', '2026-01-01T00:00:00Z');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let fail = true;
  await page.route('**/api/dashboard', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }) : route.fallback(),
  );
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('The dashboard could not be loaded.', { timeout: 15_000 });
  // The page's console message reaches the test a moment after the screen shows the failure.
  await expect.poll(() => errors.some((e) => e.includes('Dashboard query failed'))).toBe(true);
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Total: $99.90')).toBeVisible();
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });
  test('every text of the dashboard is Spanish, dates and amounts included', async ({ page, customer }) => {
    const quote = await insertQuote(customer.email, '1234.5', 'Approved', '2026-02-01T00:00:00Z');
    const order = await insertOrder(customer.email, 'Pending', '2026-03-05T15:00:00Z');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Tablero del cliente' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cotizaciones recientes' })).toContainText(`Cotización #${quote}`);
    await expect(page.getByText('Aprobada')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Órdenes de trabajo activas' })).toContainText(`Orden de trabajo #${order}`);
    await expect(page.getByText('Pendiente')).toBeVisible();
    await expect(page.getByText(/Solicitada: 5 mar 2026/)).toBeVisible();
    await expect(page.getByText(/Total: .*1234,50|Total: .*1\.234,50|Total: .*1,234\.50/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contáctenos' }).first()).toBeVisible();
    expect(await englishLeftOnPage(page, ['dashboard'])).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('nothing overflows sideways', async ({ page, customer }) => {
    await insertQuote(customer.email, '123456789.99', 'Revision Requested', '2026-02-01T00:00:00Z');
    await insertOrder(customer.email, 'In Progress', '2026-03-05T15:00:00Z');
    await page.goto('/');
    await expect(page.getByText('Revision Requested')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('in Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' });
  test('an evening order shows the same local day on the dashboard and on Work Orders', async ({ page, customer }) => {
    // 23:30 UTC is 5:30 PM the same day in Chicago; 02:30 UTC on the 7th is 8:30 PM on the 6th there (its UTC date is the 7th).
    const afternoon = await insertOrder(customer.email, 'Pending', '2026-03-05T23:30:00Z');
    const evening = await insertOrder(customer.email, 'Pending', '2026-03-07T02:30:00Z');
    const expected = [
      [afternoon, 'Mar 5, 2026'],
      [evening, 'Mar 6, 2026'],
    ] as const;
    await page.goto('/');
    const active = page.getByRole('region', { name: 'Active Work Orders' });
    for (const [id, day] of expected) {
      await expect(active.getByRole('listitem').filter({ hasText: `Work Order #${id}` })).toContainText(`Requested: ${day}`);
    }
    await active.getByRole('link', { name: 'View all work orders' }).click();
    for (const [id, day] of expected) {
      await expect(page.getByRole('article', { name: `Work Order #${id}` })).toContainText(day);
    }
  });
});
