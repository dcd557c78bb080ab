import { firstLink, waitForMail } from '../support/control';
import { expect, test } from '../support/fixtures';
import { createOfficeAccount, totpCode } from '../support/office';

test('a forgotten office password: the e-mailed link leads to the office page, and the new password still needs the code', async ({
  page,
}) => {
  const account = await createOfficeAccount(page.request, 'staff');
  await page.goto('/office/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your office password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an office account exists for that address, a reset link is on its way.')).toBeVisible();

  const mail = await waitForMail(account.email, /office password/);
  const link = firstLink(mail.text);
  expect(link).toContain('/office/reset-password?token=');
  expect(mail.text).not.toMatch(/customer portal/i);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new office password' })).toBeVisible();
  await page.getByLabel('New password').fill('a brand new office password 2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was changed. Sign in with it and your authentication code.')).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('a brand new office password 2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // No way around the second factor: the new password alone opens nothing.
  await page.getByLabel('Authentication code').fill(totpCode(account.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/office$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password').fill('yet another office password 2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired. Ask for a new one.');
});
