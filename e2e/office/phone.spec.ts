import type { Page } from '@playwright/test';
import { runSql } from '../support/control';
import { goInApp } from '../support/in-app';
import { expect, test } from '../support/office-fixtures';
import { englishLeftOnPage } from '../support/spanish-sweep';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** The elements that stick out on the right (named in a failure's message). */
const sticking = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`)
      .slice(0, 5),
  );

/** Records so that every screen has something to show. */
async function seed() {
  const email = `lucia-${Date.now().toString(36)}@example.com`;
  const [customer] = await runSql<{ id: number }>(
    `INSERT INTO customers (name, email, phone, address, account_number)
     VALUES ('Lucía Fernández-Villanueva', $1, '555-0142', 'Apartment 12B, 1234 Extraordinarily-Long-Street-Name Boulevard', 'NWB-31415')
     RETURNING id`,
    [email],
  );
  await runSql(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Kitchen remodel: cabinets and countertops', 18450.00, 'Sent')`,
    [email],
  );
  await runSql(`INSERT INTO work_orders (email, description, address) VALUES ($1, 'Replace the back door frame', '42 Elm Street')`, [
    email,
  ]);
  return { id: customer!.id };
}

/**
 * A screenshot from the page's top, whole up to three screens' height. The office's lists hold every record the
 * run has made so far (at the end of a whole run the audit log was 19,219 px tall on a phone, 16,097 px on a
 * tablet), and their rows further down are drawn as the first ones; the fit is checked on the whole page.
 */
async function shot(page: Page, name: string) {
  const { width, height } = page.viewportSize()!;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: `test-results/office-screens/${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(pageHeight, 3 * height) },
  });
}

/** Every main screen at the page's width: nothing sticks out on the right; a screenshot of each. */
async function everyScreenFits(page: Page, device: 'phone' | 'tablet') {
  const { id } = await seed();
  const screens: [name: string, path: string, heading: string | RegExp][] = [
    ['inbox', '/office', 'Inbox'],
    ['customers', `/office/customers?q=${encodeURIComponent('Lucía')}`, 'Customers'],
    ['customer', `/office/customers/${id}`, /Lucía Fernández-Villanueva/],
    ['quotes', '/office/quotes', 'Quotes'],
    ['work-orders', '/office/work-orders', 'Work Orders'],
    ['staff', '/office/staff', 'Staff'],
    ['audit', '/office/audit', 'Audit log'],
  ];
  // The first screen is a page load, the others are reached inside the app (decision 261).
  for (const [index, [name, path, heading]] of screens.entries()) {
    if (index === 0) await page.goto(path);
    else await goInApp(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await overflow(page), `${device}, ${name}: ${(await sticking(page)).join(', ')}`).toBeLessThanOrEqual(0);
    await shot(page, `${device}-${name}`);
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every main screen fits the width; screenshots in test-results/office-screens', async ({ page, owner: _owner }) => {
    test.slow(); // seven screens, a full-page screenshot each: 28-32 s on a loaded machine
    await everyScreenFits(page, 'phone');

    // The menu: opening it moves focus into it; Escape closes it and focus returns to the Menu button.
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Office sections' });
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inbox' })).toBeFocused();
    // The open menu as the phone's screen shows it (the tour's last screen, the audit log, is already shot whole:
    // a full-page shot of it with the menu was 390 x 11,733 px in a whole run, the menu in its first 844).
    await page.screenshot({ path: 'test-results/office-screens/phone-menu.png' });
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('the sign-in page fits too', async ({ page }) => {
    await page.goto('/office/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Office Sign-in' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/office-screens/phone-login.png', fullPage: true });
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('every main screen fits the width (768 x 1024); screenshots in test-results/office-screens', async ({ page, owner: _owner }) => {
    test.slow(); // seven screens, a full-page screenshot each: 28-32 s on a loaded machine
    await everyScreenFits(page, 'tablet');
  });

  test('the sign-in page fits too', async ({ page }) => {
    await page.goto('/office/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Office Sign-in' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });
  test('the shell and every screen speak Spanish; the toggle switches back to English', async ({ page, owner: _owner }) => {
    test.slow(); // every screen read for English left over: 25-27 s on a loaded machine
    const { id } = await seed();
    const screens: [path: string, heading: string | RegExp, namespaces: string[]][] = [
      ['/office', 'Bandeja', ['inbox']],
      ['/office/customers', 'Clientes', ['customers']],
      [`/office/customers/${id}`, /Lucía/, ['customers']],
      ['/office/quotes', 'Cotizaciones', ['quotes']],
      ['/office/work-orders', 'Órdenes', ['workOrders']],
      ['/office/staff', 'Personal', ['staff']],
      ['/office/audit', 'Registro de auditoría', ['audit']],
    ];
    for (const [index, [path, heading, namespaces]] of screens.entries()) {
      if (index === 0) await page.goto(path);
      else await goInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Cargando/ })).toHaveCount(0);
      // 'Español' is the language toggle's English text, and the name of a language offered for e-mails.
      const left = (await englishLeftOnPage(page, namespaces, 'office')).filter((phrase) => phrase !== 'Español');
      expect(left, path).toEqual([]);
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await shot(page, 'spanish-audit');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('tab titles name the screen, and moving to another screen focuses its heading', async ({ page, owner: _owner }) => {
  await page.goto('/office');
  await expect(page).toHaveTitle(/^Inbox · Office · /);
  const nav = page.getByRole('navigation', { name: 'Office sections' });
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveTitle(/^Customers · Office · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeFocused();
  await nav.getByRole('link', { name: 'Work Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work Orders' })).toBeFocused();
  // Keyboard: the skip link is first, then the sections.
  await page.goto('/office');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
});
