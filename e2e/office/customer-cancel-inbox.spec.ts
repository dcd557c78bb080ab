import { runSql, waitForMail } from '../support/control';
import { createCustomer, signIn } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';

/**
 * A customer cancels a scheduled order on /work-orders: the office's Inbox gets an 'Order cancelled
 * by the customer' entry that opens the order, the office is e-mailed, and the customer's calendar
 * gets the file that cancels the visit; the customer's card no longer says 'Scheduled: …'.
 */
test("the customer's cancel reaches the office's Inbox, linking to the order", async ({ page, owner: _owner, browser }) => {
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await createCustomer(customerPage, { name: `Tomás ${Date.now().toString(36)}` });
  await signIn(customerPage, customer);
  const [order] = await runSql<{ id: number }>(
    `INSERT INTO work_orders (email, description, address, status, scheduled_date, arrival_start, arrival_end)
     VALUES ($1, 'Rebuild the garden wall.', '3 Willow Lane', 'In Progress', (now() + interval '20 days')::date,
             ((now() + interval '20 days')::date + time '09:00') AT TIME ZONE 'America/Chicago',
             ((now() + interval '20 days')::date + time '11:00') AT TIME ZONE 'America/Chicago')
     RETURNING id`,
    [customer.email],
  );
  const id = order!.id;

  await customerPage.goto('/work-orders');
  const card = customerPage.getByRole('article', { name: `Work Order #${id}` });
  await expect(card).toContainText('Scheduled:');
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  await customerPage.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  // The visit is off: no schedule line any more, on the card nor after a reload.
  await expect(card).not.toContainText('Scheduled:');
  await customerPage.reload();
  await expect(customerPage.getByRole('article', { name: `Work Order #${id}` })).not.toContainText('Scheduled:');
  // The customer's calendar gets the file that cancels the visit.
  const calendar = await waitForMail(customer.email, new RegExp(`^You cancelled your Work Order #${id}$`));
  expect(calendar.text).toContain(`work-order-${id}.ics`);
  await customerContext.close();

  await page.goto('/office');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const entry = page
    .getByRole('list', { name: 'Inbox' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name: `Order cancelled by the customer: Work Order #${id}` }) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(customer.email);
  await entry.getByRole('link', { name: `Work Order #${id}` }).click();
  await expect(page).toHaveURL(`/office/work-orders/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id} Cancelled`);
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText('In Progress → Cancelled');
});
