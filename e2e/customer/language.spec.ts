import { runSql } from '../support/control';
import { createCustomer, expect, test } from '../support/fixtures';

/** Issue 22.11: the language toggle on the signed-out pages, and the account's language on a new device. */

test('Login and Register have the language toggle, usable by keyboard', async ({ page }) => {
  await page.goto('/login');
  const toggle = page.getByRole('button', { name: 'Español' });
  await expect(toggle).toHaveAttribute('lang', 'es');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso de clientes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('link', { name: 'Crear una cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the toggle fits beside the login card', async ({ page }) => {
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: 'Español' });
    await expect(toggle).toBeInViewport();
    await page.screenshot({ path: 'test-results/screens/login-language-390-en.png', fullPage: true });
  });
});

test('a Spanish customer signing in on a new (English) device sees Spanish: the account’s language wins', async ({ page }) => {
  const customer = await createCustomer(page);
  await runSql(`UPDATE "user" SET locale = 'es' WHERE email = $1`, [customer.email]);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Login' })).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero del cliente' })).toBeVisible();
  // And it stays Spanish on the account (nothing saved English over it).
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  expect((await runSql<{ locale: string }>(`SELECT locale FROM "user" WHERE email = $1`, [customer.email]))[0]!.locale).toBe('es');
});
