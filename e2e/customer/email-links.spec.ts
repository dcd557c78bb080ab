import type { Page } from '@playwright/test';
import { firstLink, runSql, waitForMail } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { createCustomer, expect, test, uniqueEmail } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/ports';

/** contract-spec §4: links in e-mails land on the record they name, also when the customer must sign in first. */

const insertOrder = async (email: string) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO work_orders (email, description, address) VALUES ($1, 'Fix the garden gate.', '12 Oak Lane') RETURNING id`,
        [email],
      )
    )[0]!.id,
  );

const quote = { description: 'New fence', lines: [{ description: 'Panels', quantity: '10', unitPrice: '45.00' }], taxRate: '8.25' };

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('a work order link opened signed out lands on that work order after signing in', async ({ page }) => {
  const customer = await createCustomer(page);
  const id = await insertOrder(customer.email);
  await page.goto(`/work-orders/${id}`);
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/work-orders/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id}`);
});

test('a quote link opened signed out lands on that quote after Google sign-in', async ({ page }) => {
  const email = uniqueEmail('link-google');
  const { id } = await putSentQuote(email, quote);
  await page.goto(`/quotes/${id}`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const provider = await popup;
  const closed = provider.waitForEvent('close');
  await provider.getByLabel('Email', { exact: true }).fill(email);
  await provider.getByLabel('Name').fill('Gil Enlace');
  await provider.getByRole('button', { name: 'Continue' }).click();
  await closed;
  await expect(page).toHaveURL(`${E2E_BASE_URL}/quotes/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${id}`);
});

async function registerFromLogin(page: Page, email: string) {
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Rita Enlace');
  await page.getByLabel('Phone Number').fill('555-0101');
  await page.getByLabel('Address').fill('3 Birch Way');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

test('a new customer who registers and confirms from a quote link lands on that quote', async ({ page }) => {
  const email = uniqueEmail('link-register');
  const { id } = await putSentQuote(email, quote);
  await page.goto(`/quotes/${id}`);
  await registerFromLogin(page, email);
  await page.goto(firstLink((await waitForMail(email, /Confirm your e-mail/)).text));
  await expect(page).toHaveURL(`${E2E_BASE_URL}/quotes/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${id}`);
});

test('a confirmation link opened on another device also lands on the record', async ({ page, browser }) => {
  const email = uniqueEmail('link-confirm-elsewhere');
  const id = await insertOrder(email);
  await page.goto(`/work-orders/${id}`);
  await registerFromLogin(page, email);
  const mail = await waitForMail(email, /Confirm your e-mail/);

  const phone = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.8.8' } });
  const other = await phone.newPage();
  await other.goto(firstLink(mail.text));
  await other.getByLabel('Password').fill('chosen-on-the-phone');
  await other.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(other).toHaveURL(`${E2E_BASE_URL}/work-orders/${id}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Work Order #${id}`);
  await phone.close();
});

test('a next that leaves the portal is ignored: sign-in lands on the dashboard', async ({ page }) => {
  const customer = await createCustomer(page);
  for (const next of ['//evil.example/quotes/6', 'https://evil.example/', '/\\evil.example', '/quotes/6/..//evil.example']) {
    await page.context().clearCookies();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(page.getByRole('heading', { name: 'Customer Dashboard' })).toBeVisible();
  }
});
