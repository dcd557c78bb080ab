import { expect, test } from '../support/fixtures';

/** Issue 22.11: what a browser, a crawler or a script sees around the pages. */

test('/robots.txt is a real file that keeps the customer pages and the office out of search engines', async ({ page }) => {
  const res = await page.request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await res.text()).split('\n').map((l) => l.trim());
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Disallow: /');
});

test('an unknown API path answers 404 JSON, not the app’s page', async ({ page }) => {
  for (const path of ['/api/no-such-thing', '/api/office/no-such-thing', '/api/auth/no-such-thing']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toMatch(/^application\/json/);
  }
});

test('the page has a description in the language shown, and the logo its size before it loads', async ({ page }) => {
  await page.goto('/login');
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveAttribute('content', /^Your quotes, work orders and requests/);
  const logo = page.locator('img.auth-logo');
  await expect(logo).toHaveAttribute('width', '40');
  await expect(logo).toHaveAttribute('height', '40');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(description).toHaveAttribute('content', /^Sus cotizaciones, órdenes de trabajo y solicitudes/);
});
