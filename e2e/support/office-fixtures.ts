import { createOfficeAccount, signInOfficeByApi, type OfficeAccount } from './office';
import { expect, test as base } from './fixtures';

/** The customer specs' test, plus a signed-in office owner (`owner`) or staff member (`staff`). */
export const test = base.extend<{ owner: OfficeAccount; staff: OfficeAccount }>({
  owner: async ({ page }, use) => {
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
