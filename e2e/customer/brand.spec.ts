import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** A 1×1 PNG: the company's logo as a deployment would serve it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The browser is told what a server with COMPANY_LOGO=`logoUrl` says (the e2e server runs without one). */
async function configureLogo(page: Page, logoUrl: string) {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { company: object };
    await route.fulfill({ response, json: { ...config, company: { ...config.company, logoUrl } } });
  });
  await page.route('**/uploads/company-logo.png', (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
}

const favicon = (page: Page) => page.locator('link[rel="icon"]');
/** The drawn mark (web/shared/brand/logo-mark.svg) as the build names it. */
const DRAWN_MARK = /^\/assets\/logo-mark-[\w-]+\.svg$/;

test("COMPANY_LOGO is the favicon of the customer's and the office's pages; a logo that does not load gives way to the drawn mark", async ({
  page,
}) => {
  // Without a logo: the drawn mark, on both apps (the office's was a blank icon), one file under its
  // content hash in assets/, cached for a year.
  await page.goto('/login');
  await expect(favicon(page)).toHaveAttribute('href', DRAWN_MARK);
  const mark = (await favicon(page).getAttribute('href'))!;
  const cached = await page.request.get(mark);
  expect(cached.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await page.goto('/office/login');
  await expect(favicon(page)).toHaveAttribute('href', mark);

  await configureLogo(page, '/uploads/company-logo.png');
  await page.goto('/login');
  await expect(page.locator('img.auth-logo')).toHaveAttribute('src', '/uploads/company-logo.png');
  await expect(favicon(page)).toHaveAttribute('href', /\/uploads\/company-logo\.png$/);
  await page.goto('/office/login');
  await expect(favicon(page)).toHaveAttribute('href', /\/uploads\/company-logo\.png$/);

  // A logo URL that answers 404: the drawn mark, loaded, instead of a blank space; the favicon stays the mark.
  await page.unrouteAll({ behavior: 'wait' });
  await configureLogo(page, '/uploads/missing-logo.png');
  await page.goto('/login');
  const logo = page.locator('img.auth-logo');
  await expect(logo).toHaveAttribute('src', mark);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(favicon(page)).toHaveAttribute('href', mark);
});
