import { runSql } from '../support/control';
import { expect, test } from '../support/office-fixtures';

test('the audit log shows each office action readably, filtered by person, record and day', async ({ page, ownOwner: owner }) => {
  const [customer] = await runSql<{ id: number }>(
    `INSERT INTO customers (name, email, phone) VALUES ('Audit Person', $1, '555-0100') RETURNING id`,
    [`audit-${Date.now().toString(36)}@example.com`],
  );
  await page.goto(`/office/customers/${customer!.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Phone').fill('555-0200');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.', { exact: false })).toBeVisible();

  await page.getByRole('navigation', { name: 'Office sections' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
  await page.getByLabel('Person (e-mail)').fill(owner.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(owner.email).replace(/\./g, '\\.')}`));
  const entries = page.getByRole('list', { name: 'Office actions' }).getByRole('article');
  // Newest first: the edit, then the owner's sign-in.
  await expect(entries.first().getByRole('heading')).toHaveText(`Edited · Customer ${customer!.id}`);
  await expect(entries.first().getByRole('list', { name: 'Values before and after' })).toHaveText(
    'Phone: before: 555-0100 → after: 555-0200',
  );
  await expect(entries.first()).toContainText(owner.email);
  await expect(entries.filter({ hasText: 'Signed in' })).toHaveCount(1);

  await page.getByLabel('Record', { exact: true }).selectOption('customer');
  await page.getByLabel('Record id').fill(String(customer!.id));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(entries).toHaveCount(1);

  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('To').fill('2001-01-02');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No office action matches these filters.')).toBeVisible();
  await page.getByLabel('To').fill(today);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(entries).toHaveCount(1);
});
