import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { E2E_CONTROL_PORT, E2E_BASE_URL } from './ports';

/**
 * Office accounts for the end-to-end tests, made the way the product makes them: an invitation (what
 * `npm run office -- invite` does, through the stack's control port), the set-up API, and a sign-in whose
 * code an independent TOTP library (otpauth) computes from the secret the set-up showed.
 */
export const OFFICE_PASSWORD = 'office-password-2026';

export interface OfficeAccount {
  email: string;
  password: string;
  secret: string;
  backupCodes: string[];
  role: 'owner' | 'staff';
  name: string;
}

let counter = 0;
export const uniqueOfficeEmail = (prefix = 'staff') => `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@company.example`;

/** The authenticator's current code for a base32 secret (spaces allowed, as the set-up page shows it). */
export function totpCode(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

/**
 * The previous period's code, computed at least 10 s before the current period ends: the server takes
 * one period either side, so it is still accepted when the request lands. Computed in a period's last
 * seconds, it was two periods old by the time a loaded machine's click arrived.
 */
export async function previousPeriodCode(secret: string): Promise<string> {
  const intoPeriod = Date.now() % 30_000;
  if (intoPeriod > 20_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoPeriod + 100));
  return totpCode(secret, Date.now() - 30_000);
}

/** Invites an office account as the command line does; answers the one-time set-up link. */
export async function inviteOffice(email: string, role: 'owner' | 'staff' = 'staff', locale: 'en' | 'es' = 'en') {
  const res = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/office/invite`, {
    method: 'POST',
    body: JSON.stringify({ email, role, locale }),
  });
  if (!res.ok) throw new Error(`invite failed (${res.status}): ${await res.text()}`);
  const { link } = (await res.json()) as { link: string };
  return { link, path: new URL(link).pathname + new URL(link).search, token: new URL(link).searchParams.get('token')! };
}

/** The set-up through its API (the page itself is tested in setup.spec.ts). */
export async function setUpOfficeByApi(request: APIRequestContext, token: string, password = OFFICE_PASSWORD) {
  const headers = { origin: E2E_BASE_URL };
  const step1 = await request.post('/api/office/setup/password', { headers, data: { token, password } });
  expect(step1.ok(), await step1.text()).toBe(true);
  const { secret } = (await step1.json()) as { secret: string };
  // The previous period's code (accepted once): the sign-in that follows may then use the current one.
  // A period boundary passed between making the code and the server checking it makes that code two
  // periods old (refused, and not used up): the code of the new previous period is then the one to send.
  const finish = () =>
    request.post('/api/office/setup/finish', { headers, data: { token, password, code: totpCode(secret, Date.now() - 30_000) } });
  const periodBefore = Math.floor(Date.now() / 30_000);
  let step2 = await finish();
  if (step2.status() === 400 && Math.floor(Date.now() / 30_000) !== periodBefore) step2 = await finish();
  expect(step2.ok(), await step2.text()).toBe(true);
  const { backupCodes } = (await step2.json()) as { backupCodes: string[] };
  return { secret, backupCodes };
}

/** Both sign-in steps through Better Auth's endpoints, in the page's browser context (its cookies). */
export async function signInOfficeByApi(page: Page, account: Pick<OfficeAccount, 'email' | 'password' | 'secret'>) {
  await signInOfficeWith(page.request, account);
}

/** Both sign-in steps through Better Auth's endpoints, in this request context (its cookies). */
export async function signInOfficeWith(request: APIRequestContext, account: Pick<OfficeAccount, 'email' | 'password' | 'secret'>) {
  const headers = { origin: E2E_BASE_URL };
  const step1 = await request.post('/api/auth/sign-in/email', { headers, data: { email: account.email, password: account.password } });
  expect(step1.ok(), await step1.text()).toBe(true);
  const step2 = await request.post('/api/auth/two-factor/verify-totp', { headers, data: { code: totpCode(account.secret) } });
  expect(step2.ok(), await step2.text()).toBe(true);
}

/** An office account invited and set up (not signed in). */
export async function createOfficeAccount(request: APIRequestContext, role: 'owner' | 'staff' = 'staff'): Promise<OfficeAccount> {
  const email = uniqueOfficeEmail(role);
  const { token } = await inviteOffice(email, role);
  const { secret, backupCodes } = await setUpOfficeByApi(request, token);
  // The invitation names the account by the e-mail's local part until someone gives it a name.
  return { email, password: OFFICE_PASSWORD, secret, backupCodes, role, name: email.split('@')[0]! };
}

/**
 * The Property card of an office quote's editor or a work order's page has its customer's properties.
 * The card stands above the editor's form (and above the order's status, schedule, notes and invoices),
 * and its list arrives after the record: the card then grows by a select and a button and moves all
 * below it down. Playwright checks where a click's press lands, not where it lets go: a click begun
 * before the list arrived pressed 'Send to customer' (focused it) and let go over the form beside it, so
 * no dialog opened and office/invoices.spec.ts waited out its 180 s. Wait for this before clicking below.
 */
export async function propertiesShown(page: Page): Promise<void> {
  const card = page.locator('section:has(> #quote-property-title), section:has(> #property-title)');
  await expect(card).toBeVisible();
  await expect(card).not.toContainText(/Loading properties\.\.\.|Cargando propiedades\.\.\./);
}
