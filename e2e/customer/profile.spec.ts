import { runSql } from '../support/control';
import { expect, signIn, test } from '../support/fixtures';
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
    await expect(page.getByRole('switch', { name: 'Envíame avisos por correo' })).toBeChecked();
    await expect(page.getByRole('form', { name: 'Cambiar contraseña' })).toBeVisible();
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

test("'E-mail me about updates' is on by default and is saved at once, with a confirmation", async ({ page, customer }) => {
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'E-mail me about updates' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: 'you will not get e-mails about updates' })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  const stored = async () =>
    (await runSql<{ email_updates: boolean }>(`SELECT email_updates FROM customers WHERE lower(email) = lower($1)`, [customer.email]))[0]!
      .email_updates;
  expect(await stored()).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail me about updates' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'E-mail me about updates' }).check();
  await expect(page.getByText('Saved: you will get e-mails about updates.')).toBeVisible();
  expect(await stored()).toBe(true);
});

test('a failed save of the e-mail setting says so and leaves the switch as it was', async ({ page, customer: _c }) => {
  await page.route('**/api/profile/email-updates', (route) => route.fulfill({ status: 503, json: { error: { code: 'x', message: 'x' } } }));
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'E-mail me about updates' });
  await toggle.click();
  await expect(page.getByRole('alert')).toHaveText('The setting could not be saved. Please try again.');
  await expect(toggle).toBeChecked();
});

test("the customer edits name, phone and address; the office's customer record shows the change", async ({ page, customer }) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('form', { name: 'Edit your details' });
  await form.getByLabel('Full Name').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Full name is required.');
  await expect(form.getByLabel('Phone')).toHaveAttribute('maxlength', '40');
  await form.getByLabel('Full Name').fill('Maria L. Ortega');
  await form.getByLabel('Phone').fill('');
  await form.getByLabel('Address').fill('7 Birch Lane, Springfield');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details were saved.')).toBeVisible();
  await expect(valueOf(page, 'Full Name')).toHaveText('Maria L. Ortega');
  await expect(valueOf(page, 'Phone').locator('[aria-hidden="true"]')).toHaveText('—');
  await expect(valueOf(page, 'Address')).toHaveText('7 Birch Lane, Springfield');
  // The row the office's customer page reads.
  expect(await runSql(`SELECT name, phone, address FROM customers WHERE lower(email) = lower($1)`, [customer.email])).toEqual([
    { name: 'Maria L. Ortega', phone: null, address: '7 Birch Lane, Springfield' },
  ]);
});

test('changing the password needs the current one, keeps this device signed in and signs the others out', async ({
  page,
  browser,
  customer,
}) => {
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, customer);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password').fill('a-brand-new-secret-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is not correct.');
  await form.getByLabel('Current password').fill(customer.password);
  await form.getByLabel('New password').fill('short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The new password must have at least 8 characters.');
  await form.getByLabel('New password').fill('a-brand-new-secret-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Your password was changed. Your other devices were signed out.');
  await expect(form.getByLabel('Current password')).toHaveValue('');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  expect((await otherPage.request.get('/api/profile')).status()).toBe(401);
  await signIn(otherPage, { email: customer.email, password: 'a-brand-new-secret-77' });
  await elsewhere.close();
});
