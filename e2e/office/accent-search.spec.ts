import { runSql } from '../support/control';
import { expect, test } from '../support/office-fixtures';

/** The office's search boxes find people however accents and capitals are typed, and by their street. */

test('Customers, the quote editor picker, Quotes and Work Orders find "José Núñez" and "María López" typed plainly', async ({
  page,
  owner: _owner,
}) => {
  // A tag keeps this test's records apart from other tests' on the shared database.
  const tag = `t${Date.now().toString(36)}`;
  const email = (who: string) => `${who}-${tag}@example.com`;
  await runSql(
    `INSERT INTO customers (name, email, phone, address) VALUES
       ($1, $2, '(555) 301-4455', $3), ($4, $5, '555-0177', '48 Elm Street')`,
    [`José Núñez ${tag}`, email('jose'), `12 Calle Peñón ${tag}`, `María López ${tag}`, email('maria')],
  );
  await runSql(`INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Roof repair', 900, 'Sent')`, [email('jose')]);
  await runSql(`INSERT INTO work_orders (email, description, address) VALUES ($1, 'Leaky faucet', '48 Elm Street')`, [email('maria')]);

  await page.goto('/office/customers');
  const customers = page.getByRole('searchbox', { name: 'Search customers' });
  await expect(customers).toHaveAccessibleDescription('Name, e-mail, phone, account # or address.');
  const customerRows = page.getByRole('list', { name: 'Customers found' }).getByRole('listitem');
  for (const typed of [`Jose Nunez ${tag}`, `nunez ${tag}`, `calle penon ${tag}`]) {
    await customers.fill(typed);
    await expect(customerRows).toHaveCount(1);
    await expect(customerRows).toContainText(`José Núñez ${tag}`);
  }

  await page.goto('/office/quotes/new');
  await page.getByRole('searchbox', { name: 'Find the customer' }).fill(`Maria Lopez ${tag}`);
  await expect(page.getByRole('list', { name: 'Customers found' }).getByRole('button')).toHaveText([
    `María López ${tag} · ${email('maria')}`,
  ]);

  await page.goto(`/office/quotes?q=${encodeURIComponent(`jose nunez ${tag}`)}`);
  await expect(page.getByRole('list', { name: 'Quotes' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Quotes' }).getByRole('listitem')).toContainText('Roof repair');

  await page.goto(`/office/work-orders?q=${encodeURIComponent(`maria lopez ${tag}`)}`);
  await expect(page.getByRole('list', { name: 'Work Orders' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Work Orders' }).getByRole('listitem')).toContainText('Leaky faucet');
});
