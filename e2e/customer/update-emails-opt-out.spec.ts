import type { Browser, Page } from '@playwright/test';
import { mailTo, runSql, waitForMail } from '../support/control';
import { createCustomer, signIn } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { propertiesShown } from '../support/office';

/**
 * The opt-out link at the foot of every update e-mail (office-spec section 5): it opens a page that
 * asks (mail scanners open links), its button turns update e-mails off, and then a status change
 * e-mails the customer nothing, while account e-mails still come.
 */

async function newCustomer(browser: Browser) {
  const context = await browser.newContext();
  const customer = await createCustomer(await context.newPage());
  await signIn(await context.newPage(), customer); // the first sign-in makes the profile row
  await context.close();
  return customer;
}

const insertOrder = async (email: string) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO work_orders (email, description, address, status) VALUES ($1, $2, $3, 'Pending') RETURNING id`,
        [email, 'Fix the leaking gutter.', '12 Cedar Court'],
      )
    )[0]!.id,
  );

async function moveTo(page: Page, id: number, status: 'In Progress' | 'Complete') {
  await page.goto(`/office/work-orders/${id}`);
  await propertiesShown(page);
  await page
    .getByRole('region', { name: 'Status' })
    .getByRole('button', { name: `Move to ${status}` })
    .click();
  // Complete is final: the office confirms it in a dialog (e2e/office/complete-early.spec.ts).
  if (status === 'Complete') await page.getByRole('alertdialog').getByRole('button', { name: 'Move to Complete' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} ${status}`);
}

test("the e-mail's opt-out link opens a page that asks; once confirmed, a status change e-mails nothing and account e-mails still come", async ({
  page,
  owner: _owner,
  browser,
}) => {
  const customer = await newCustomer(browser);
  const id = await insertOrder(customer.email);
  await moveTo(page, id, 'In Progress');
  const mail = await waitForMail(customer.email, new RegExp(`^Your Work Order #${id} is now In Progress$`));
  // The footer tells what the link does: it is a page with a button, not one click.
  expect(mail.text).not.toContain('one click');
  const link = /To stop them, open this link and press 'Turn off update e-mails': (https?:\/\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toMatch(new RegExp(`^${E2E_BASE_URL}/api/email-updates/opt-out\\?token=`));

  // Opened in a browser with no session (as from a phone's mail app): it asks first.
  const mailApp = await browser.newContext();
  const optOut = await mailApp.newPage();
  await optOut.goto(link!);
  await expect(optOut.getByText('Stop e-mails about your quotes and work orders?')).toBeVisible();
  await optOut.getByRole('button', { name: 'Turn off update e-mails' }).click();
  await expect(
    optOut.getByText('Update e-mails are off. You can turn them on again on your Profile (E-mail me about updates).'),
  ).toBeVisible();
  await mailApp.close();

  // The office completes the order: no update e-mail is queued or delivered.
  await moveTo(page, id, 'Complete');
  // An account e-mail asked for afterwards still comes; by the time it is delivered, anything queued before it was too.
  const reset = await page.request.post('/api/auth/request-password-reset', {
    headers: { origin: E2E_BASE_URL },
    data: { email: customer.email, redirectTo: '/reset-password' },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  await waitForMail(customer.email, /Reset your/);
  const updates = await runSql<{ n: string }>(
    `SELECT count(*) AS n FROM mail_outbox WHERE lower(to_address) = lower($1) AND kind LIKE 'work-order%'`,
    [customer.email],
  );
  expect(Number(updates[0]!.n)).toBe(1); // the In Progress e-mail only
  expect((await mailTo(customer.email)).map((m) => m.subject)).not.toContain(`Your Work Order #${id} is now Complete`);
});
