import { waitForMail } from '../support/control';
import { expect, test } from '../support/fixtures';
import { inviteOffice, OFFICE_PASSWORD, previousPeriodCode, totpCode, uniqueOfficeEmail } from '../support/office';

test('the invitation’s link sets up the account: password, authenticator from the shown secret key, ten backup codes once, then sign-in', async ({
  page,
}) => {
  const email = uniqueOfficeEmail('owner');
  await inviteOffice(email, 'owner');
  // The invitation is e-mailed as well; its link is the one to open.
  const mail = await waitForMail(email, /./);
  const link = new URL(mail.text.match(/https?:\/\/\S+\/office\/setup\?token=\S+/)![0]);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your office account' })).toBeVisible();
  await expect(page.getByText(`For ${email} (Owner)`)).toBeVisible();
  // One of the most common passwords is refused, as at a customer's sign-up.
  await page.getByLabel('Password').fill('Password123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('This password is one of the most common ones. Please choose another.');
  await page.getByLabel('Password').fill(OFFICE_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Secret key' })).toBeVisible();
  const shown = (
    await page
      .getByRole('definition')
      .filter({ has: page.locator('code') })
      .innerText()
  ).trim();
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await page.screenshot({ path: 'test-results/office-screens/setup-authenticator.png', fullPage: true });

  // A wrong code first: the step stays.
  await page.getByLabel('Authentication code').fill(totpCode(shown) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not valid.');
  // The previous period's code (accepted once): each code works once, and the sign-in below needs the current one.
  await page.getByLabel('Authentication code').fill(await previousPeriodCode(shown));
  await page.getByRole('button', { name: 'Finish setup' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Backup codes' })).toBeFocused();
  const codes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  await page.screenshot({ path: 'test-results/office-screens/setup-backup-codes.png', fullPage: true });
  await page.getByRole('link', { name: 'I saved them, continue to sign-in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Office Sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OFFICE_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(totpCode(shown));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/office$/);

  // The link is used up.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toContainText('was already used');
});

test('a set-up link that is not valid says so and points to the sign-in', async ({ page }) => {
  await page.goto('/office/setup?token=not-a-real-token-at-all-1234');
  await expect(page.getByRole('alert')).toHaveText(
    'This set-up link is not valid, was already used or has expired. Ask an owner for a new one.',
  );
  await page.getByRole('link', { name: 'Go to the office sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Office Sign-in' })).toBeVisible();
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });
  test('the set-up speaks Spanish', async ({ page }) => {
    const email = uniqueOfficeEmail('staff');
    const { path } = await inviteOffice(email, 'staff', 'es');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Configura tu cuenta de oficina' })).toBeVisible();
    await page.getByLabel('Contraseña').fill(OFFICE_PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('term').filter({ hasText: 'Clave secreta' })).toBeVisible();
    const shown = (
      await page
        .getByRole('definition')
        .filter({ has: page.locator('code') })
        .innerText()
    ).trim();
    await page.getByLabel('Código de autenticación').fill(totpCode(shown));
    await page.getByRole('button', { name: 'Terminar configuración' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Códigos de respaldo' })).toBeVisible();
  });
});
