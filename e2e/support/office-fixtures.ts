import type { BrowserContextOptions } from '@playwright/test';
import { createOfficeAccount, signInOfficeByApi, signInOfficeWith, type OfficeAccount } from './office';
import { expect, test as base } from './fixtures';
import { E2E_BASE_URL } from './ports';

type Cookies = NonNullable<Exclude<BrowserContextOptions['storageState'], string | undefined>>['cookies'];

/**
 * The customer specs' test, plus a signed-in office owner (`owner`) or staff member (`staff`).
 *
 * `owner` is one owner per worker, invited, set up and signed in once (the worker's first test that asks
 * for it): each test's browser context starts with that session's cookies, as Playwright's `storageState`
 * would give it (decision 194). The invitation, set-up and sign-in themselves are tested through their
 * screens in setup.spec.ts and sign-in.spec.ts. A test that reads the owner's own history (the audit log
 * filtered by person) asks for `ownOwner`, an owner of its own; `staff` is made for each test.
 */
export const test = base.extend<
  { owner: OfficeAccount; ownOwner: OfficeAccount; staff: OfficeAccount },
  { workerOwner: { account: OfficeAccount; cookies: Cookies } }
>({
  workerOwner: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: E2E_BASE_URL,
        extraHTTPHeaders: { 'x-forwarded-for': `198.19.${200 + workerInfo.parallelIndex}.${(process.pid % 250) + 1}` },
      });
      const account = await createOfficeAccount(request, 'owner');
      await signInOfficeWith(request, account);
      const { cookies } = await request.storageState();
      await request.dispose();
      await use({ account, cookies });
    },
    { scope: 'worker' },
  ],
  owner: async ({ page, workerOwner }, use) => {
    await page.context().addCookies(workerOwner.cookies);
    await use(workerOwner.account);
  },
  ownOwner: async ({ page }, use) => {
    const owner = await createOfficeAccount(page.request, 'owner');
    await signInOfficeByApi(page, owner);
    await use(owner);
  },
  staff: async ({ page }, use) => {
    const staff = await createOfficeAccount(page.request, 'staff');
    await signInOfficeByApi(page, staff);
    await use(staff);
  },
});

export { expect };
