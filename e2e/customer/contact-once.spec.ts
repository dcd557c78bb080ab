import { expect, test } from '../support/fixtures';

/** Issue 22.11: 'Contact us' once per screen, the dashboard's card included. */

test('a wide dashboard shows Contact us once; other screens keep it in the sidebar', async ({ page, customer: _customer }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact us' });
  await expect(contact).toHaveCount(1);
  await expect(contact).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dashboard-contact-once-1280-en.png', fullPage: true });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  await expect(contact).toHaveCount(1);
});
