import { runSql } from '../support/control';
import { E2E_BASE_URL } from '../support/ports';
import { expect, test } from '../support/fixtures';
import { englishLeftOnPage } from '../support/spanish-sweep';

test('submits an order: green success, what happens next, the address kept and the description cleared, and the new order is on Work Orders and the Dashboard at once', async ({
  page,
  customer,
}) => {
  // Visit both lists first, so they are cached and must be refreshed by the submission.
  await page.goto('/work-orders');
  await expect(page.getByText('No work orders found for this filter.')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('No active work orders.')).toBeVisible();
  await nav.getByRole('link', { name: 'Submit Request' }).click();

  const address = page.getByLabel('Service Address');
  const description = page.getByLabel('Description of Issue');
  await expect(address).toHaveAttribute('required', '');
  await expect(description).toHaveAttribute('required', '');
  await expect(address).toHaveAttribute('maxlength', '300');
  await expect(description).toHaveAttribute('maxlength', '4000');
  await address.fill('  77 Harbor View Road  ');
  await description.fill('Water is leaking under the kitchen sink.');
  await page.getByRole('button', { name: 'Submit Request' }).click();

  const success = page.getByRole('status').filter({ hasText: 'Work order submitted successfully!' });
  await expect(success).toBeVisible();
  await expect(success).toHaveCSS('color', 'rgb(29, 107, 53)');
  await expect(page.getByText(/^What happens next: our office reviews your request/)).toBeVisible();
  // The next request is usually for the same property: the address stays filled.
  await expect(address).toHaveValue('77 Harbor View Road');
  await expect(description).toHaveValue('');

  const [row] = await runSql<{ id: number; status: string; address: string; submitted_at: string }>(
    `SELECT id, status, address, submitted_at FROM work_orders WHERE lower(email) = lower($1)`,
    [customer.email],
  );
  expect(row).toMatchObject({ status: 'Pending', address: '77 Harbor View Road' });
  expect(Math.abs(Date.now() - new Date(row!.submitted_at).getTime())).toBeLessThan(60_000);

  await nav.getByRole('link', { name: 'Work Orders' }).click();
  const card = page.getByRole('article', { name: `Work Order #${row!.id}` });
  await expect(card).toContainText('Water is leaking under the kitchen sink.');
  await expect(card).toContainText('77 Harbor View Road');
  await expect(card.getByText('Pending')).toBeVisible();

  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Active Work Orders' })).toContainText(`Work Order #${row!.id}`);
});

test('empty or blank fields are not sent; each says what is missing', async ({ page, customer }) => {
  let posted = 0;
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/work-orders') && posted++);
  await page.goto('/submit-work-order');
  // The profile's address arrives first (it fills a blank field, and clears the 'missing' message).
  await expect(page.getByLabel('Service Address')).toHaveValue(customer.address);
  await page.getByLabel('Service Address').fill('   ');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Enter the service address.')).toBeVisible();
  await expect(page.getByText('Describe the issue.')).toBeVisible();
  await expect(page.getByLabel('Service Address')).toBeFocused();
  await expect(page.getByLabel('Service Address')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
  expect(await runSql(`SELECT id FROM work_orders WHERE lower(email) = lower($1)`, [customer.email])).toHaveLength(0);
});

test("a server failure shows 'Failed to submit work order.' in red and keeps the text", async ({ page, customer: _customer }) => {
  await page.route('**/api/work-orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } })
      : route.fallback(),
  );
  await page.goto('/submit-work-order');
  await page.getByLabel('Service Address').fill('1 Main St');
  await page.getByLabel('Description of Issue').fill('Broken gate');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Failed to submit work order.');
  await expect(alert).toHaveCSS('color', 'rgb(161, 38, 34)');
  await expect(page.getByLabel('Description of Issue')).toHaveValue('Broken gate');
});

test("signed out meanwhile: 'You must be logged in.' and nothing is stored", async ({ page, customer }) => {
  await page.goto('/submit-work-order');
  await page.getByLabel('Service Address').fill('1 Main St');
  await page.getByLabel('Description of Issue').fill('Broken gate');
  const out = await page.request.post('/api/auth/sign-out', { headers: { origin: E2E_BASE_URL }, data: {} });
  expect(out.ok()).toBe(true);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must be logged in.');
  expect(await runSql(`SELECT id FROM work_orders WHERE lower(email) = lower($1)`, [customer.email])).toHaveLength(0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });
  test('labels, button and messages are Spanish', async ({ page, customer }) => {
    await page.goto('/submit-work-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Enviar solicitud' })).toBeVisible();
    // The address starts as the profile's: emptied here so its message shows.
    await expect(page.getByLabel('Dirección del servicio')).toHaveValue(customer.address);
    await page.getByLabel('Dirección del servicio').fill('');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Ingrese la dirección del servicio.')).toBeVisible();
    expect(await englishLeftOnPage(page, ['submitWorkOrder'])).toEqual([]);
    await page.getByLabel('Dirección del servicio').fill('Calle Mayor 5');
    await page.getByLabel('Descripción del problema').fill('Gotera en el techo');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByRole('status').filter({ hasText: '¡Orden de trabajo enviada con éxito!' })).toBeVisible();
    expect(await englishLeftOnPage(page, ['submitWorkOrder'])).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('nothing overflows sideways', async ({ page, customer: _customer }) => {
    await page.goto('/submit-work-order');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Describe the issue.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
