import type { Browser, Page } from '@playwright/test';
import { axeViolations, WCAG } from '../support/axe';
import { mailTo, runSql } from '../support/control';
import { createCustomer, signIn } from '../support/fixtures';
import { calendarOf, mailFor } from '../support/loop';
import { expect, test } from '../support/office-fixtures';
import { propertiesShown } from '../support/office';

/** 'Move to Complete' on an office work order is final: it asks first, and says so when the visit is still ahead. */

/** A customer with a confirmed account and profile (the profile row is made at the first sign-in). */
async function newCustomer(browser: Browser) {
  const context = await browser.newContext();
  const customer = await createCustomer(await context.newPage());
  await signIn(context.pages()[0]!, customer);
  await context.close();
  return customer;
}

/** An In Progress order with a visit `days` ahead, 9:00–11:00 company time (America/Chicago), put in with SQL. */
async function orderWithVisitAhead(email: string, days: number) {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const [order] = await runSql<{ id: number }>(
    `INSERT INTO work_orders (email, description, address, status, scheduled_date, arrival_start, arrival_end)
     VALUES ($1, 'Replace the fence gate', '5 Oak Court', 'In Progress', $2::date,
             ($2 || ' 09:00')::timestamp AT TIME ZONE 'America/Chicago', ($2 || ' 11:00')::timestamp AT TIME ZONE 'America/Chicago')
     RETURNING id`,
    [email, day],
  );
  return { id: order!.id, day };
}

/** The visit's date as the office page writes it, e.g. Dec 15, 2026 / 15 dic 2026. */
const dateText = (day: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(`${day}T12:00:00`));

async function axeFindings(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, WCAG);
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}: ${v.help}`));
}

const statusMails = async (email: string, id: number) =>
  (
    await runSql<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower($1) AND kind = 'work-order-status' AND subject LIKE $2`,
      [email, `%#${id} %`],
    )
  )[0]!.n;

test('completing before the visit asks first and says the visit is ahead; cancelling the dialog changes nothing', async ({
  page,
  owner: _owner,
  browser,
}) => {
  const customer = await newCustomer(browser);
  const { id, day } = await orderWithVisitAhead(customer.email, 20);
  await page.goto(`/office/work-orders/${id}`);
  await propertiesShown(page);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Work Order #${id} In Progress`);
  const status = page.getByRole('region', { name: 'Status' });
  const complete = status.getByRole('button', { name: 'Move to Complete' });
  const timeline = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  // Put in with SQL: 'Order created' and 'Scheduled: …'.
  await expect(timeline).toHaveCount(2);

  await complete.click();
  const dialog = page.getByRole('alertdialog', { name: `Complete Work Order #${id}?` });
  await expect(dialog).toContainText("Completing is final: the order's status cannot change after this.");
  await expect(dialog).toContainText(
    `The visit is still ahead: ${dateText(day, 'en-US')}, 9:00 AM–11:00 AM (America/Chicago). Completing now takes it off the customer's page and cancels it in their calendar.`,
  );
  // The safe choice has the focus; the open dialog passes axe.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/office-work-order-complete-early.png' });

  // Escape, then 'Cancel': the dialog goes, focus is back on the button, and nothing changed on the server.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(complete).toBeFocused();
  await complete.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(heading).toHaveText(`Work Order #${id} In Progress`);
  await expect(timeline).toHaveCount(2);
  expect(await statusMails(customer.email, id)).toBe(0);

  // By keyboard: Tab to 'Move to Complete' in the dialog and press Enter.
  await complete.click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Move to Complete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText(`Work Order #${id} Complete`);
  await expect(status.getByText('Now: Complete')).toBeFocused();
  const mail = await mailFor(customer.email, new RegExp(`^Your Work Order #${id} is now Complete$`));
  const calendar = calendarOf(mail);
  expect(calendar).toContain('METHOD:CANCEL');
  expect(calendar).toContain(`UID:work-order-${id}@`);
  expect((await mailTo(customer.email)).filter((m) => m.subject.includes(`#${id} `))).toHaveLength(1);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('the dialog and its warning are in Spanish and pass axe', async ({ page, owner: _owner, browser }) => {
    const customer = await newCustomer(browser);
    const { id, day } = await orderWithVisitAhead(customer.email, 30);
    await page.goto(`/office/work-orders/${id}`);
    await propertiesShown(page);
    await page.getByRole('button', { name: 'Pasar a Completada' }).click();
    const dialog = page.getByRole('alertdialog', { name: `¿Completar la orden #${id}?` });
    await expect(dialog).toContainText('Completar es definitivo: el estado de la orden ya no podrá cambiar.');
    await expect(dialog).toContainText(`La visita aún no ha llegado: ${dateText(day, 'es-US')}`);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Orden #${id} En progreso`);
  });
});
