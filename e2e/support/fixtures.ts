import { test as base, expect, type Page } from '@playwright/test';
import { runSql } from './control';
import { E2E_BASE_URL } from './ports';

export interface Customer {
  email: string;
  password: string;
  name: string;
  phone: string;
  address: string;
}

let counter = 0;
/** A unique, valid e-mail for this test. */
export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.com`;
}

/** Creates a confirmed account through the API (fast); the e-mail flow itself is tested in auth.spec.ts. */
export async function createCustomer(page: Page, overrides: Partial<Customer> = {}): Promise<Customer> {
  const customer: Customer = {
    email: uniqueEmail(),
    password: 'correct-horse-battery',
    name: 'Maria Lopez',
    phone: '555-0142',
    address: '42 Elm Street, Springfield',
    ...overrides,
  };
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: E2E_BASE_URL },
    data: { ...customer, callbackURL: '/' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await runSql(`UPDATE "user" SET "emailVerified" = true WHERE email = $1`, [customer.email]);
  return customer;
}

/** Signs the page's browser context in (its cookies), without going through the login form. */
export async function signIn(page: Page, customer: Pick<Customer, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: E2E_BASE_URL },
    data: { email: customer.email, password: customer.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

let address = 0;
export const test = base.extend<{ customer: Customer }>({
  // Every test is its own client address (the server trusts the proxy header in e2e), so rate limits do not couple tests.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object
  extraHTTPHeaders: async ({}, use) => {
    address++;
    await use({ 'x-forwarded-for': `198.18.${(process.pid + address) % 250}.${address % 250}` });
  },
  customer: async ({ page }, use) => {
    const customer = await createCustomer(page);
    await signIn(page, customer);
    await use(customer);
  },
});

export { expect };
