import { firstLink, runSql, waitForMail } from '../support/control';
import { expect, signIn, test, uniqueEmail } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { englishLeftOnPage } from '../support/spanish-sweep';

/** The value shown next to a label in the profile list. */
const valueOf = (page: import('@playwright/test').Page, label: string) =>
  page
    .locator('.profile-row')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

test('the customer changes their e-mail: a link to the new address moves the account and its records; the old address is told and signs in no more', async ({
  page,
  customer,
  browser,
}) => {
  const newEmail = uniqueEmail('moved');
  await runSql(`INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Kitchen cabinets', 1840.00, 'Sent')`, [customer.email]);
  await runSql(`INSERT INTO work_orders (email, description, address) VALUES ($1, 'Fix the back door', '42 Elm Street')`, [customer.email]);
  // Another device signed in to the same account.
  const laptop = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.8.8' } });
  const other = await laptop.newPage();
  await signIn(other, customer);

  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Change e-mail' });
  await form.getByLabel('New e-mail').fill(newEmail);
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('alert')).toHaveText('The password is not correct.');
  await form.getByLabel('Current password').fill(customer.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toContainText(`Waiting for confirmation of ${newEmail}.`);
  await expect(form.getByRole('status')).toContainText(`Until then, your e-mail stays ${customer.email}.`);
  await form.screenshot({ path: 'test-results/screens/change-email-form-en.png' });
  // Nothing has changed yet, also after a reload.
  await page.reload();
  await expect(valueOf(page, 'Email')).toHaveText(customer.email);
  await expect(page.getByRole('form', { name: 'Change e-mail' }).getByRole('status')).toContainText(newEmail);

  const mail = await waitForMail(newEmail, /Confirm your new e-mail/);
  const link = firstLink(mail.text);
  expect(new URL(link).pathname).toBe('/confirm-email-change');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your new e-mail' })).toBeVisible();
  await expect(page.getByText(`Use ${newEmail} for your account?`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  await expect(page.getByText('You are still signed in here; your other devices were signed out.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(valueOf(page, 'Email')).toHaveText(newEmail);
  await expect(page.getByRole('form', { name: 'Change e-mail' }).getByRole('status')).toHaveCount(0);
  await expect(page.getByText(`Logged in as ${newEmail}`).first()).toBeVisible();
  await page.goto('/quotes');
  await expect(page.getByText('Kitchen cabinets')).toBeVisible();
  await page.goto('/work-orders');
  await expect(page.getByText('Fix the back door')).toBeVisible();

  const notice = await waitForMail(customer.email, /portal e-mail address was changed/);
  expect(notice.text).toContain(newEmail);

  // The other device was signed out.
  await other.goto('/quotes');
  await expect(other).toHaveURL(/\/login/);
  // The old address signs in no more; the new one does.
  await other.getByLabel('Email').fill(customer.email);
  await other.getByLabel('Password').fill(customer.password);
  await other.getByRole('button', { name: 'Log In' }).click();
  await expect(other.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await other.getByLabel('Email').fill(newEmail);
  await other.getByRole('button', { name: 'Log In' }).click();
  await expect(other.getByText(`Logged in as ${newEmail}`).first()).toBeVisible();
  await laptop.close();

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid, has expired or was already used. Ask for a new one on your Profile.',
  );
});

test.describe('in Spanish on a phone', () => {
  test.use({ locale: 'es-MX', viewport: { width: 390, height: 844 } });
  test('the form, its waiting notice and the confirmation page are Spanish and fit', async ({ page, customer }) => {
    const newEmail = uniqueEmail('nuevo');
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Cambiar correo' });
    await form.getByLabel('Nuevo correo').fill('no-es-un-correo');
    await form.getByLabel('Contraseña actual').fill(customer.password);
    await form.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
    await expect(form.getByRole('alert')).toHaveText('Ingrese una dirección de correo válida.');
    await form.getByLabel('Nuevo correo').fill(newEmail);
    await form.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
    await expect(form.getByRole('status')).toContainText(`Esperando la confirmación de ${newEmail}.`);
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: 'test-results/screens/change-email-form-es-390.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await englishLeftOnPage(page, ['profile'])).toEqual([]);

    const mail = await waitForMail(newEmail, /Confirme su nuevo correo/);
    await page.goto(firstLink(mail.text));
    await expect(page.getByRole('heading', { name: 'Confirme su nuevo correo' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/confirm-email-change-es-390.png' });
    await page.getByRole('button', { name: 'Confirmar nuevo correo' }).click();
    await expect(page.getByRole('status')).toHaveText(`Su dirección de correo ahora es ${newEmail}.`);
    expect(await englishLeftOnPage(page, ['auth'])).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
