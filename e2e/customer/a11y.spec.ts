import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const companyName = async (page: Page) =>
  ((await (await page.request.get('/api/config')).json()) as { company: { name: string } }).company.name;
const focusedText = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim()}`);

test('the tab title names the screen and the company, and moving to another screen focuses its heading', async ({
  page,
  customer: _customer,
}) => {
  const company = await companyName(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(`Dashboard · ${company}`);
  // Not on the first load: focus stays at the top of the document, where the skip link is next.
  expect(await focusedText(page)).toMatch(/^BODY/);

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Work Orders' }).click();
  await expect(page).toHaveTitle(`Work Orders · ${company}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Work Orders' })).toBeFocused();

  await nav.getByRole('link', { name: 'Quotes' }).click();
  await expect(page).toHaveTitle(`Quotes · ${company}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeFocused();

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page).toHaveTitle(`Cotizaciones · ${company}`);
});

test('signed-out pages take their title from the card', async ({ page }) => {
  const company = await companyName(page);
  await page.goto('/login');
  await expect(page).toHaveTitle(`Customer Login · ${company}`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveTitle(`Create Account · ${company}`);
});

test('the keyboard focus ring is dark with a white halo, on the page and in the blue sidebar', async ({ page, customer: _customer }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab'); // skip link
  await page.keyboard.press('Tab'); // first sidebar link
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { tag: document.activeElement!.tagName, outline: style.outlineColor, width: style.outlineWidth, halo: style.boxShadow };
  });
  expect(ring).toEqual({ tag: 'A', outline: 'rgb(22, 58, 90)', width: '3px', halo: expect.stringContaining('rgb(255, 255, 255)') });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('opening the menu moves focus into it; Escape closes it and focus returns to the Menu button', async ({
    page,
    customer: _customer,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Quotes' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Choosing a screen closes the menu and lands on that screen's heading.
    await menu.press('Enter');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused(); // open, focus moved in
    await nav.getByRole('link', { name: 'Work Orders' }).press('Enter');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Work Orders' })).toBeFocused();
  });
});
