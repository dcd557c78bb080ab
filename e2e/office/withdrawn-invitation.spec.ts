import type { APIRequestContext } from '@playwright/test';
import { waitForMail } from '../support/control';
import { expect, test } from '../support/fixtures';
import { createOfficeAccount, totpCode, uniqueOfficeEmail, type OfficeAccount } from '../support/office';
import { E2E_BASE_URL } from '../support/ports';

const headers = { origin: E2E_BASE_URL };

/** Both sign-in steps on an API context of its own (its own cookies). */
async function signIn(request: APIRequestContext, account: OfficeAccount) {
  const step1 = await request.post('/api/auth/sign-in/email', { headers, data: { email: account.email, password: account.password } });
  expect(step1.ok(), await step1.text()).toBe(true);
  const step2 = await request.post('/api/auth/two-factor/verify-totp', { headers, data: { code: totpCode(account.secret) } });
  expect(step2.ok(), await step2.text()).toBe(true);
}

test('an invitation from an owner who was then suspended is withdrawn: the set-up page says so, in English and Spanish', async ({
  page,
  request,
}) => {
  // The owner who invites, signed in on an API context; the owner who suspends them, in the page's browser.
  const rogue = await createOfficeAccount(request, 'owner');
  await signIn(request, rogue);
  const friend = uniqueOfficeEmail('friend');
  const invited = await request.post('/api/office/staff/invite', { headers, data: { email: friend, role: 'owner' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(friend, /./);
  const link = new URL(mail.text.match(/https?:\/\/\S+\/office\/setup\?token=\S+/)![0]);

  const boss = await createOfficeAccount(page.request, 'owner');
  await signIn(page.request, boss);
  const rogueId = ((await (await page.request.get('/api/office/staff')).json()) as { staff: { id: string; email: string }[] }).staff.find(
    (s) => s.email === rogue.email,
  )!.id;
  const suspended = await page.request.post(`/api/office/staff/${rogueId}/suspend`, { headers, data: {} });
  expect(suspended.status(), await suspended.text()).toBe(200);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation was withdrawn because the person who sent it can no longer invite. Ask an owner for a new one.',
  );
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/office-screens/setup-invitation-withdrawn.png', fullPage: true });

  await page.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'Esta invitación se retiró porque quien la envió ya no puede invitar. Pide una nueva a un propietario.',
  );
});
