import { runSql } from '../support/control';
import { createCustomer, signIn } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';

/** Many customers whose names share a prefix unique to this test. */
async function seedCustomers(prefix: string, count: number) {
  await runSql(
    `INSERT INTO customers (name, email, phone, account_number)
     SELECT $1 || ' ' || lpad(n::text, 3, '0'), lower($1) || '-' || n || '@example.com', '555-' || lpad(n::text, 4, '0'), NULL
     FROM generate_series(1, $2) AS n`,
    [prefix, count],
  );
}

test('search among many customers: by name, e-mail, phone (however typed) and account #, in the URL, paged with Load more', async ({
  page,
  owner: _owner,
}) => {
  const prefix = `Bulk${Date.now().toString(36)}`;
  await seedCustomers(prefix, 60);
  // A phone number unique to this run, written as people write it: (NNN) NNN-NNNN.
  const digits = String(Date.now() % 10_000_000_000).padStart(10, '9');
  const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  await runSql(`INSERT INTO customers (name, email, phone, account_number) VALUES ($1, $2, $3, $4)`, [
    `Zelda ${prefix}`,
    `zelda-${prefix.toLowerCase()}@example.com`,
    phone,
    `ACC-${prefix}`,
  ]);
  await page.goto('/office/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Customers found' }).getByRole('link');

  await page.getByRole('searchbox', { name: 'Search customers' }).fill(prefix);
  await expect(page).toHaveURL(new RegExp(`\\?q=${prefix}$`));
  await expect(results).toHaveCount(25);
  await expect(results.first()).toHaveText(`${prefix} 001`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(results).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(results).toHaveCount(61);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // The phone by its digits alone, or spaced otherwise than it is stored.
  const phoneTerms = [digits, `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, `${digits.slice(3, 6)}-${digits.slice(6)}`];
  for (const q of [`zelda-${prefix.toLowerCase()}`, ...phoneTerms, `ACC-${prefix}`]) {
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(q);
    await expect(results).toHaveText([`Zelda ${prefix}`]);
  }
  // A reload keeps the search.
  await expect(page).toHaveURL(new RegExp(`\\?q=ACC-${prefix}$`));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue(`ACC-${prefix}`);
  await expect(results).toHaveText([`Zelda ${prefix}`]);

  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`nobody-${prefix}`);
  await expect(page.getByText(`No customer matches “nobody-${prefix}”.`)).toBeVisible();
});

test('the profile edited in the office is what the customer sees on their Profile', async ({ page, owner: _owner, browser }) => {
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await createCustomer(customerPage, { name: `Rosa ${Date.now().toString(36)}` });
  await signIn(customerPage, customer);
  await runSql(`INSERT INTO work_orders (email, description, address) VALUES ($1, 'Fix the porch light', '42 Elm Street')`, [
    customer.email,
  ]);

  await page.goto(`/office/customers?q=${encodeURIComponent(customer.email)}`);
  await page.getByRole('link', { name: customer.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Work orders (1)' })).toBeVisible();
  await expect(page.getByText('Fix the porch light')).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.getByLabel('Full Name').fill(`${customer.name} Díaz`);
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByLabel('Address').fill('7 Oak Avenue, Springfield');
  await page.getByLabel('Account #').fill('NWB-20431');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Profile saved. The customer sees it on their Profile.');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${customer.name} Díaz`);

  await customerPage.goto('/settings');
  const valueOf = (label: string) =>
    customerPage
      .locator('.profile-row')
      .filter({ has: customerPage.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');
  await expect(valueOf('Full Name')).toHaveText(`${customer.name} Díaz`);
  await expect(valueOf('Phone')).toHaveText('555-0199');
  await expect(valueOf('Address')).toHaveText('7 Oak Avenue, Springfield');
  await expect(valueOf('Account #')).toHaveText('NWB-20431');
  await customerContext.close();
});

test('Add customer: someone without an account yet, opened on their page', async ({ page, owner: _owner }) => {
  const email = `new-${Date.now().toString(36)}@example.com`;
  await page.goto('/office/customers');
  await page.getByRole('button', { name: 'Add customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add customer' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full Name').fill('Tomás Herrera');
  await dialog.getByLabel('Phone').fill('555-0123');
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tomás Herrera');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('No account yet');
  await expect(page.getByText('Customer added.')).toBeVisible();

  // The same address again is refused with the server's reason.
  await page.goto('/office/customers');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await page.getByRole('dialog').getByLabel('Email').fill(email);
  await page.getByRole('dialog').getByLabel('Full Name').fill('Someone Else');
  await page.getByRole('dialog').getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('A customer with this e-mail already exists.');
});
