import { mailTo, waitForMail } from '../support/control';
import { createOfficeAccount, signInOfficeByApi, uniqueOfficeEmail } from '../support/office';
import { expect, test } from '../support/office-fixtures';

test('an owner invites staff; the invitation is e-mailed', async ({ page, owner: _owner }) => {
  const email = uniqueOfficeEmail('invited');
  await page.goto('/office/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name (optional)').fill('Pablo Ortiz');
  await page.getByLabel('Language of their e-mails').selectOption('es');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}. Its set-up link is valid for 24 hours.`);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card).toContainText('Set-up not finished');
  const mail = await waitForMail(email, /./);
  expect(mail.text).toMatch(/\/office\/setup\?token=/);
});

test('Suspend ends the account’s sessions at once', async ({ page, owner: _owner, browser }) => {
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  const member = await createOfficeAccount(staffPage.request, 'staff');
  await signInOfficeByApi(staffPage, member);
  expect((await staffPage.request.get('/api/office/me')).status()).toBe(200);

  await page.goto('/office/staff');
  const card = page.getByRole('article').filter({ hasText: member.email });
  await card.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${member.name}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${member.name} is suspended and signed out everywhere.`)).toBeVisible();
  await expect(card).toContainText('Suspended');
  expect((await staffPage.request.get('/api/office/me')).status()).toBe(401);

  await staffContext.close();
});

test('staff see no Staff section, and the page tells them it is for owners', async ({ page, staff: _staff }) => {
  await page.goto('/office/staff');
  await expect(page.getByText("Only owners manage the office's staff.")).toBeVisible();
});

test('an owner makes staff an owner', async ({ page, owner: _owner }) => {
  const member = await createOfficeAccount(page.request, 'staff');
  await page.goto('/office/staff');
  const card = page.getByRole('article').filter({ hasText: member.email });
  await card.getByRole('button', { name: 'Make owner' }).click();
  await page
    .getByRole('alertdialog', { name: `Make ${member.name} Owner?` })
    .getByRole('button', { name: 'Make Owner' })
    .click();
  await expect(page.getByText(`${member.name} is now Owner.`)).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: 'Owner' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make staff' })).toBeVisible();
});

test('a suspension is lifted; a new set-up link is e-mailed', async ({ page, owner: _owner }) => {
  const member = await createOfficeAccount(page.request, 'staff');
  await page.goto('/office/staff');
  const card = page.getByRole('article').filter({ hasText: member.email });
  await card.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(card).toContainText('Suspended');
  await card.getByRole('button', { name: 'Lift suspension' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Lift suspension' }).click();
  await expect(page.getByText(`${member.name} can sign in again.`)).toBeVisible();
  await expect(card).toContainText('Active');

  await card.getByRole('button', { name: 'Send a new set-up link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`A new set-up link was sent to ${member.email}.`)).toBeVisible();
  await expect(card).toContainText('Set-up not finished');
  await expect.poll(async () => (await mailTo(member.email)).filter((m) => /office\/setup\?token=/.test(m.text)).length).toBe(2);
});
