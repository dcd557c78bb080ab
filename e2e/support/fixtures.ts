import { test as base, expect, type Page } from '@playwright/test';
import { putConfirmedCustomer } from './control';
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

/**
 * A confirmed account, as sign-up and the e-mailed link leave it, put in through the stack's control port
 * with a password hash made once per run (fast); sign-up and confirmation themselves are tested in auth.spec.ts.
 */
export async function createCustomer(_page: Page, overrides: Partial<Customer> = {}): Promise<Customer> {
  const customer: Customer = {
    email: uniqueEmail(),
    password: 'correct-horse-battery',
    name: 'Maria Lopez',
    phone: '555-0142',
    address: '42 Elm Street, Springfield',
    ...overrides,
  };
  await putConfirmedCustomer(customer);
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
