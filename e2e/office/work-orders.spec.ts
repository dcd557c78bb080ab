import type { Browser, Page } from '@playwright/test';
import { mailTo, runSql, waitForMail } from '../support/control';
import { createCustomer, signIn } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { englishLeftOnPage } from '../support/spanish-sweep';
import { propertiesShown } from '../support/office';

/** The office's work order page (/office/work-orders/:id, office-spec section 4) and its list. */

const insertOrder = async (
  email: string,
  description = 'Replace the back porch steps.',
  address = '88 Lakeside Drive',
  status = 'Pending',
) =>
  Number(
    (
      await runSql<{ id: number }>(`INSERT INTO work_orders (email, description, address, status) VALUES ($1, $2, $3, $4) RETURNING id`, [
        email,
        description,
        address,
        status,
      ])
    )[0]!.id,
  );

/** A customer with a confirmed account and profile (the profile row is made at the first sign-in). */
async function newCustomer(browser: Browser, name?: string) {
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  const customer = await createCustomer(customerPage, name ? { name } : {});
  await signIn(customerPage, customer);
  await context.close();
  return customer;
}

/** A day some weeks ahead (YYYY-MM-DD): always in the future in the company's zone. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** 'Scheduled: {date}, {from}–{until}' as the page writes it (the company's wall clock, whatever the browser's zone). */
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

const timeline = (page: Page) => page.getByRole('list', { name: /^(Timeline|Historial)$/ }).getByRole('listitem');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/office-work-order-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('status, schedule (errors by field, reschedule) and notes: each refreshes the page and e-mails the customer', async ({
  page,
  owner,
  browser,
}) => {
  const customer = await newCustomer(browser, `Rosa ${Date.now().toString(36)}`);
  const id = await insertOrder(customer.email);

  await page.goto(`/office/work-orders?q=${encodeURIComponent(customer.email)}`);
  await page.getByRole('link', { name: `Work Order #${id}` }).click();
  await expect(page).toHaveURL(`/office/work-orders/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} Pending`);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByRole('link', { name: `${customer.name} · ${customer.email}` })).toBeVisible();
  await expect(page.getByText('Replace the back porch steps.')).toBeVisible();
  await expect(page.getByText('88 Lakeside Drive')).toBeVisible();
  await expect(page.getByText('Not scheduled yet.')).toBeVisible();
  await expect(timeline(page)).toHaveCount(1);
  await expect(timeline(page).first()).toContainText('Order created');
  await propertiesShown(page);

  // Only the moves allowed now.
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('button')).toHaveText(['Move to In Progress', 'Cancel order…']);
  await status.getByRole('button', { name: 'Move to In Progress' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} In Progress`);
  // The pressed button is gone: focus is on the new status.
  await expect(status.getByText('Now: In Progress')).toBeFocused();
  await expect(status.getByRole('button')).toHaveText(['Move to Complete', 'Cancel order…']);
  await expect(timeline(page).nth(1)).toContainText('Status: Pending → In Progress');
  await expect(timeline(page).nth(1)).toContainText(`by ${owner.name}`);
  await waitForMail(customer.email, new RegExp(`^Your Work Order #${id} is now In Progress$`));

  // Schedule: the zone is named; a window that ends before it starts is refused next to 'Arrival until'.
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule.getByText('Company time (America/Chicago)').first()).toBeVisible();
  const day = dayAhead(20);
  await schedule.getByLabel('Date').fill(day);
  await schedule.getByLabel('Arrival from').fill('11:00');
  await schedule.getByLabel('Arrival until').fill('09:00');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  const until = schedule.getByLabel('Arrival until');
  await expect(until).toHaveAttribute('aria-invalid', 'true');
  await expect(until).toHaveAccessibleDescription(/'Arrival until' must be later than 'Arrival from'\./);
  await expect(schedule.getByLabel('Arrival from')).not.toHaveAttribute('aria-invalid', 'true');
  // An empty field is named before anything is sent.
  await schedule.getByLabel('Date').fill('');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByLabel('Date')).toHaveAccessibleDescription('Choose a date.');

  await schedule.getByLabel('Date').fill(day);
  await schedule.getByLabel('Arrival from').fill('09:00');
  await schedule.getByLabel('Arrival until').fill('11:00');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByText(`${scheduledText(day, '09:00', '11:00')} (America/Chicago)`)).toBeVisible();
  await expect(schedule.getByRole('status')).toHaveText('Schedule saved. The customer is e-mailed with a calendar file.');
  await expect(schedule.getByRole('button', { name: 'Reschedule' })).toBeFocused();
  await expect(timeline(page).nth(2)).toContainText(scheduledText(day, '09:00', '11:00'));
  const scheduled = await waitForMail(customer.email, new RegExp(`^Your Work Order #${id} is scheduled:`));
  expect(scheduled.text).toContain('text/calendar');
  expect(scheduled.text).toContain(`work-order-${id}.ics`);

  // Reschedule.
  await schedule.getByLabel('Arrival from').fill('13:00');
  await schedule.getByLabel('Arrival until').fill('15:30');
  await schedule.getByRole('button', { name: 'Reschedule' }).click();
  await expect(schedule.getByText(`${scheduledText(day, '13:00', '15:30')} (America/Chicago)`)).toBeVisible();
  await expect(timeline(page)).toHaveCount(4);
  const moved = await waitForMail(customer.email, new RegExp(`^New date for your Work Order #${id}:`));
  expect(moved.text).toContain(`work-order-${id}.ics`);

  // Notes: internal unless ticked; the internal one is marked and e-mails nobody.
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByLabel('Visible to customer')).not.toBeChecked();
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByLabel('Note', { exact: true })).toHaveAccessibleDescription('The note is empty.');
  await notes.getByLabel('Note', { exact: true }).fill('Gate code 4471; the dog bites.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('status')).toHaveText('Internal note added.');
  await expect(timeline(page).nth(4)).toContainText('Internal');
  await expect(timeline(page).nth(4)).toContainText('Gate code 4471; the dog bites.');
  await notes.getByLabel('Note', { exact: true }).fill('We will bring the tile samples on Tuesday.');
  await notes.getByLabel('Visible to customer').check();
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('status')).toHaveText('Note added; the customer sees it.');
  await expect(timeline(page).nth(5)).toContainText('Visible to customer');
  const note = await waitForMail(customer.email, new RegExp(`^A note on your Work Order #${id}$`));
  expect(note.text).toContain('We will bring the tile samples on Tuesday.');
  expect((await mailTo(customer.email)).some((m) => m.text.includes('Gate code 4471'))).toBe(false);
  await shoot(page, 'in-progress');

  // Complete is final: it asks first (e2e/office/complete-early.spec.ts tests the dialog).
  await status.getByRole('button', { name: 'Move to Complete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Move to Complete' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} Complete`);
  await expect(status.getByRole('button')).toHaveCount(0);
  await expect(status).toContainText('This order is closed');
  await expect(schedule.getByRole('button')).toHaveCount(0);
  await waitForMail(customer.email, new RegExp(`^Your Work Order #${id} is now Complete$`));

  // The customer page links to the order too.
  await page.getByRole('link', { name: `${customer.name} · ${customer.email}` }).click();
  await page.getByRole('link', { name: `Work Order #${id}` }).click();
  await expect(page).toHaveURL(`/office/work-orders/${id}`);
});

test('cancel needs a reason; the customer is told it', async ({ page, owner: _owner, browser }) => {
  const customer = await newCustomer(browser);
  const id = await insertOrder(customer.email, 'Paint the garage door.');
  await page.goto(`/office/work-orders/${id}`);
  await propertiesShown(page);

  await page.getByRole('button', { name: 'Cancel order…' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel Work Order #${id}` });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order…' })).toBeFocused();

  await page.getByRole('button', { name: 'Cancel order…' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription(/A reason is required to cancel a work order\./);
  await dialog.getByLabel('Reason').fill('The customer sold the house.');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} Cancelled`);
  await expect(page.getByText('Now: Cancelled')).toBeFocused();
  await expect(page.getByRole('region', { name: 'Order' })).toContainText('The customer sold the house.');
  await expect(timeline(page).last()).toContainText('Status: Pending → Cancelled');
  await expect(timeline(page).last()).toContainText('Reason: The customer sold the house.');
  const mail = await waitForMail(customer.email, new RegExp(`^Your Work Order #${id} is now Cancelled$`));
  expect(mail.text).toContain('The customer sold the house.');
});

test("a change made meanwhile is refused and the page shows the order as it is now; the customer's own cancel is in the timeline", async ({
  page,
  owner: _owner,
  browser,
}) => {
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  const customer = await createCustomer(customerPage);
  await signIn(customerPage, customer);
  const id = await insertOrder(customer.email, 'Fix the leaking gutter.');
  await page.goto(`/office/work-orders/${id}`);
  await expect(page.getByRole('button', { name: 'Move to In Progress' })).toBeVisible();

  // The customer cancels on their own order page.
  await customerPage.goto(`/work-orders/${id}`);
  await customerPage.getByRole('button', { name: 'Cancel Order' }).click();
  await customerPage.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(customerPage.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(customerPage.getByText('Cancelled', { exact: true })).toBeVisible();
  await context.close();

  await page.getByRole('button', { name: 'Move to In Progress' }).click();
  await expect(page.getByRole('alert')).toContainText('Someone changed this order meanwhile.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} Cancelled`);
  await expect(timeline(page).last()).toContainText('Status: Pending → Cancelled');
  await expect(timeline(page).last()).toContainText(`by the customer (${customer.name})`);
});

test("'From Quote #' links the quote an order was made from; the page in Spanish", async ({ page, owner: _owner, browser }) => {
  const customer = await newCustomer(browser);
  const [quote] = await runSql<{ id: number }>(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Deck rebuild', 9200.00, 'Approved') RETURNING id`,
    [customer.email],
  );
  const res = await page.request.post(`/api/office/quotes/${quote!.id}/work-order`, { headers: { origin: E2E_BASE_URL }, data: {} });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/office/work-orders/${id}`);
  await expect(page.getByRole('link', { name: `From Quote #${quote!.id}` })).toHaveAttribute('href', `/office/quotes/${quote!.id}`);
  await expect(page.getByText('Deck rebuild')).toBeVisible();

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Orden #${id} Pendiente`);
  await expect(page.getByRole('link', { name: `De la cotización #${quote!.id}` })).toBeVisible();
  const schedule = page.getByRole('region', { name: 'Programación' });
  await expect(schedule.getByLabel('Llegada desde')).toBeVisible();
  await expect(schedule.getByLabel('Llegada hasta')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notas' }).getByLabel('Visible para el cliente')).not.toBeChecked();
  const day = dayAhead(25);
  await schedule.getByLabel('Fecha').fill(day);
  await schedule.getByLabel('Llegada desde').fill('08:30');
  await schedule.getByLabel('Llegada hasta').fill('10:00');
  await schedule.getByRole('button', { name: 'Programar' }).click();
  await expect(schedule.getByText(`${scheduledText(day, '08:30', '10:00', 'es')} (America/Chicago)`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pasar a En progreso' })).toBeVisible();
  expect(await englishLeftOnPage(page, ['workOrder'], 'office')).toEqual([]);
  await shoot(page, 'es');
});

test('the list: by status with counts, searched, each row opens its order', async ({ page, owner: _owner }) => {
  const tag = `Shed${Date.now().toString(36)}`;
  const email = `${tag.toLowerCase()}@example.com`;
  const ids = [
    await insertOrder(email, `${tag} roof`, '1 Pine Rd'),
    await insertOrder(email, `${tag} door`, '1 Pine Rd', 'In Progress'),
    await insertOrder(email, `${tag} floor`, '1 Pine Rd', 'In Progress'),
  ];
  await page.goto('/office/work-orders');
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(tag);
  const rows = page.getByRole('list', { name: 'Work Orders' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const tabs = page.getByRole('group', { name: 'Status' });
  await expect(tabs.getByRole('button', { name: 'In Progress 2' })).toBeVisible();
  await expect(tabs.getByRole('button', { name: 'Pending 1' })).toBeVisible();
  await tabs.getByRole('button', { name: 'In Progress 2' }).click();
  await expect(rows).toHaveCount(2);
  await tabs.getByRole('button', { name: 'All 3' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('link', { name: `Work Order #${ids[0]}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${ids[0]} Pending`);
  await page.goBack();
  await expect(rows).toHaveCount(3);
});

test("the list: found by the customer's name, each row with its visit, by the company's request day and by visit day", async ({
  page,
  owner: _owner,
  browser,
}) => {
  const tag = `Ofelia${Date.now().toString(36)}`;
  const customer = await newCustomer(browser, `${tag} Marquez`);
  const booked = await insertOrder(customer.email, 'Patch the stucco.', '5 Adobe Way', 'In Progress');
  const late = await insertOrder(customer.email, 'Seal the driveway.', '5 Adobe Way');
  const day = dayAhead(30);
  await runSql(
    `UPDATE work_orders SET scheduled_date = $2::date,
       arrival_start = ($2 || ' 09:00')::timestamp AT TIME ZONE 'America/Chicago',
       arrival_end = ($2 || ' 11:00')::timestamp AT TIME ZONE 'America/Chicago' WHERE id = $1`,
    [booked, day],
  );
  // 03:00 UTC on April 2 is still April 1 in the company's zone (America/Chicago).
  await runSql(`UPDATE work_orders SET submitted_at = '2026-04-02T03:00:00Z' WHERE id = $1`, [late]);

  await page.goto('/office/work-orders');
  await expect(page.getByRole('searchbox', { name: 'Search work orders' })).toHaveAccessibleDescription(
    "Description, address, or the customer's name or e-mail.",
  );
  // The name is on the customer's profile only: no order text carries it.
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(`${tag} marq`);
  const rows = page.getByRole('list', { name: 'Work Orders' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const bookedRow = rows.filter({ has: page.getByRole('link', { name: `Work Order #${booked}` }) });
  await expect(bookedRow).toContainText(scheduledText(day, '09:00', '11:00'));
  await expect(rows.filter({ has: page.getByRole('link', { name: `Work Order #${late}` }) })).not.toContainText('Scheduled:');

  await page.getByLabel('Visit on').fill(day);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Work Order #${booked}`);
  await expect(page).toHaveURL(new RegExp(`scheduled=${day}`));

  await page.goto(`/office/work-orders?q=${encodeURIComponent(tag)}&from=2026-04-01&to=2026-04-01`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Work Order #${late}`);
  await page.goto(`/office/work-orders?q=${encodeURIComponent(tag)}&from=2026-04-02&to=2026-04-02`);
  await expect(page.getByText('No work orders match.')).toBeVisible();

  // In Spanish, the spec's words.
  await page.goto(`/office/work-orders?q=${encodeURIComponent(tag)}&scheduled=${day}`);
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByLabel('Visita el')).toHaveValue(day);
  const filas = page.getByRole('list', { name: 'Órdenes' }).getByRole('listitem');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText(scheduledText(day, '09:00', '11:00', 'es'));
});
