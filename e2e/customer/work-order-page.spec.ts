import type { Browser, Page } from '@playwright/test';
import { runSql, waitForMail } from '../support/control';
import { createCustomer, expect, test } from '../support/fixtures';
import { createOfficeAccount, signInOfficeByApi } from '../support/office';
import { E2E_BASE_URL } from '../support/ports';
import { englishLeftOnPage } from '../support/spanish-sweep';

/** The customer's /work-orders/:id (office-spec section 4) and the Work Orders cards' 'Scheduled:' line. */

const insertOrder = async (email: string, description = 'Replace the back porch steps.') =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO work_orders (email, description, address) VALUES ($1, $2, '88 Lakeside Drive') RETURNING id`,
        [email, description],
      )
    )[0]!.id,
  );

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function scheduledText(date: string, from: string, until: string, locale: 'en' | 'es' = 'en') {
  const tag = locale === 'en' ? 'en-US' : 'es-US';
  const time = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 0, 1, h, m)),
    );
  };
  const day = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(`${date}T12:00:00`));
  return `${locale === 'en' ? 'Scheduled' : 'Programada'}: ${day}, ${time(from)}–${time(until)}`;
}

/** An office owner signed in in a browser context of its own; its calls go through the office API. */
async function officeApi(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const owner = await createOfficeAccount(page.request, 'owner');
  await signInOfficeByApi(page, owner);
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { headers: { origin: E2E_BASE_URL }, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { id: number };
  };
  return { post, close: () => context.close() };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/customer-work-order-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const INTERNAL = 'INTERNAL gate code 4471, customer is difficult';

test('the customer sees the schedule and the visible timeline, never an internal note', async ({ page, customer, browser }) => {
  await page.goto('/work-orders');
  const id = await insertOrder(customer.email);
  const office = await officeApi(browser);
  const day = dayAhead(21);
  await office.post(`/api/office/work-orders/${id}/status`, { status: 'In Progress', from: 'Pending' });
  await office.post(`/api/office/work-orders/${id}/schedule`, { date: day, from: '09:00', until: '11:30' });
  await office.post(`/api/office/work-orders/${id}/notes`, { body: INTERNAL });
  await office.post(`/api/office/work-orders/${id}/notes`, { body: 'Please keep the driveway clear.', visibleToCustomer: true });
  await office.close();
  await waitForMail(customer.email, new RegExp(`^A note on your Work Order #${id}$`));

  // The card: the 'Scheduled:' line and a link to the order's page.
  await page.goto('/work-orders');
  const card = page.getByRole('article', { name: `Work Order #${id}` });
  await expect(card).toContainText(scheduledText(day, '09:00', '11:30'));
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: 'test-results/screenshots/customer-work-orders-card-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('link', { name: `Work Order #${id}` }).click();
  await expect(page).toHaveURL(`/work-orders/${id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText('In Progress', { exact: true })).toHaveAttribute('data-color', 'yellow');
  await expect(page.getByText('Replace the back porch steps.')).toBeVisible();
  await expect(page.getByText(scheduledText(day, '09:00', '11:30')).first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(4);
  await expect(history.nth(0)).toContainText('Order submitted');
  await expect(history.nth(1)).toContainText('Status changed to In Progress');
  await expect(history.nth(2)).toContainText(scheduledText(day, '09:00', '11:30'));
  await expect(history.nth(3)).toContainText('Note from the office:');
  await expect(history.nth(3)).toContainText('Please keep the driveway clear.');
  await expect(page.getByRole('link', { name: /From Quote/ })).toHaveCount(0);

  // Nothing internal reaches the customer's browser: not in the page, not in any answer.
  expect(await page.content()).not.toContain('INTERNAL gate code');
  for (const path of [`/api/work-orders/${id}`, '/api/work-orders', '/api/dashboard']) {
    const res = await page.request.get(path);
    expect(res.ok()).toBe(true);
    const text = await res.text();
    expect(text).not.toContain('INTERNAL gate code');
    expect(text).not.toContain('@company.example');
  }
  await shoot(page, 'scheduled');
});

test("another customer's order is not found; loading; a bad id", async ({ page, customer: _customer }) => {
  const other = await createCustomer(page);
  const theirs = await insertOrder(other.email, 'Not yours');
  const res = await page.request.get(`/api/work-orders/${theirs}`);
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toContain('Not yours');

  await page.goto(`/work-orders/${theirs}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Work order not found');
  await expect(page.getByText('Not yours')).toHaveCount(0);
  await page.getByRole('link', { name: '← Work Orders' }).click();
  await expect(page).toHaveURL('/work-orders');

  await page.goto('/work-orders/abc');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Work order not found');

  // While the answer is on its way: the loading line.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/work-orders/${theirs}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/work-orders/${theirs}`);
  await expect(page.getByRole('status')).toHaveText('Loading work order...');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Work order not found');
});

test("'From Quote #' links to the quote; cancelling on the page; in Spanish", async ({ page, customer, browser }) => {
  const [quote] = await runSql<{ id: number }>(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Deck rebuild', 9200.00, 'Approved') RETURNING id`,
    [customer.email],
  );
  await page.goto('/');
  const office = await officeApi(browser);
  const { id } = await office.post(`/api/office/quotes/${quote!.id}/work-order`, {});
  const day = dayAhead(30);
  await office.post(`/api/office/work-orders/${id}/schedule`, { date: day, from: '08:00', until: '10:00' });
  await office.close();

  await page.goto(`/work-orders/${id}`);
  await expect(page.getByRole('link', { name: `From Quote #${quote!.id}` })).toHaveAttribute('href', `/quotes/${quote!.id}`);

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Orden de trabajo #${id}`);
  await expect(page.getByRole('link', { name: `De la cotización #${quote!.id}` })).toBeVisible();
  await expect(page.getByText(scheduledText(day, '08:00', '10:00', 'es')).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Historial' }).getByRole('listitem').first()).toContainText(
    `Orden creada a partir de su cotización aprobada #${quote!.id}`,
  );
  expect(await englishLeftOnPage(page, ['workOrders', 'workOrder'])).toEqual([]);
  await shoot(page, 'es');

  await page.getByRole('button', { name: 'Cancelar orden' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar la orden' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText('Cancelada', { exact: true })).toHaveAttribute('data-color', 'red');
  await expect(page.getByRole('region', { name: 'Historial' }).getByRole('listitem').last()).toContainText('Estado cambiado a Cancelada');
  await expect(page.getByRole('button', { name: 'Cancelar orden' })).toHaveCount(0);
  // The visit is off: no 'Programada: …' line for the order; its timeline keeps the schedule it had.
  await expect(page.locator('.work-order-schedule')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Historial' })).toContainText(scheduledText(day, '08:00', '10:00', 'es'));

  await page.goto('/work-orders');
  const card = page.getByRole('article', { name: `Orden de trabajo #${id}` });
  await expect(card.getByText('Cancelada', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('Programada:');
});
