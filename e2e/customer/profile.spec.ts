import { runSql } from '../support/control';
import { expect, test } from '../support/fixtures';
import { englishLeftOnPage } from '../support/spanish-sweep';

/** The value shown next to a label in the profile list. */
const valueOf = (page: import('@playwright/test').Page, label: string) =>
  page
    .locator('.profile-row')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

test('lists name, e-mail, phone, address, account number and joined date', async ({ page, customer }) => {
  await runSql(`UPDATE customers SET account_number = 'AC-2042', created_at = '2026-02-14T12:00:00Z' WHERE lower(email) = lower($1)`, [
    customer.email,
  ]);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  await expect(valueOf(page, 'Full Name')).toHaveText(customer.name);
  await expect(valueOf(page, 'Email')).toHaveText(customer.email);
  await expect(valueOf(page, 'Phone')).toHaveText(customer.phone);
  await expect(valueOf(page, 'Address')).toHaveText(customer.address);
  await expect(valueOf(page, 'Account #')).toHaveText('AC-2042');
  await expect(valueOf(page, 'Joined')).toHaveText('Feb 14, 2026');
});

test('a missing phone, address or account number shows a dash', async ({ page, customer }) => {
  await runSql(`UPDATE customers SET phone = '', address = NULL, account_number = NULL WHERE lower(email) = lower($1)`, [customer.email]);
  await page.goto('/settings');
  for (const label of ['Phone', 'Address', 'Account #']) {
    await expect(valueOf(page, label).locator('[aria-hidden="true"]')).toHaveText('—');
  }
  await expect(valueOf(page, 'Full Name')).toHaveText(customer.name);
});

test("'User not found.' when the account has no customer record", async ({ page, customer }) => {
  await runSql(`DELETE FROM customers WHERE lower(email) = lower($1)`, [customer.email]);
  await page.goto('/settings');
  await expect(page.getByRole('alert')).toHaveText('User not found.');
  await expect(page.getByRole('definition')).toHaveCount(0);
});

test("'Profile could not be loaded.' on any other failure", async ({ page, customer: _customer }) => {
  await page.route('**/api/profile', (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'x' } } }));
  await page.goto('/settings');
  await expect(page.getByRole('alert')).toContainText('Profile could not be loaded.', { timeout: 15_000 });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });
  test('every label is Spanish and the date is formatted for Spanish', async ({ page, customer }) => {
    await runSql(`UPDATE customers SET phone = NULL, created_at = '2026-02-14T12:00:00Z' WHERE lower(email) = lower($1)`, [customer.email]);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Su perfil' })).toBeVisible();
    await expect(valueOf(page, 'Nombre completo')).toHaveText(customer.name);
    await expect(valueOf(page, 'Cliente desde')).toHaveText('14 feb 2026');
    await expect(valueOf(page, 'Teléfono')).toContainText('No indicado');
    expect(await englishLeftOnPage(page, ['profile'])).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('nothing overflows sideways', async ({ page, customer }) => {
    await runSql(`UPDATE customers SET address = $2 WHERE lower(email) = lower($1)`, [
      customer.email,
      'Apartment 12B, 1234 Extraordinarily-Long-Street-Name-Without-Spaces Boulevard, Springfield',
    ]);
    await page.goto('/settings');
    await expect(valueOf(page, 'Address')).toContainText('Apartment 12B');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
