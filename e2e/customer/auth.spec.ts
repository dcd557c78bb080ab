import { firstLink, runSql, waitForMail } from '../support/control';
import { createCustomer, expect, signIn, test, uniqueEmail } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { englishLeftOnPage } from '../support/spanish-sweep';

test.describe('signed out', () => {
  for (const path of ['/', '/quotes', '/work-orders', '/submit-work-order', '/settings']) {
    test(`${path} redirects to /login`, async ({ page }) => {
      await page.goto(path);
      // Signing in then returns to the page asked for (email-links.spec.ts).
      await expect(page).toHaveURL(path === '/' ? /\/login$/ : `/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
    });
  }

  test('an unknown path shows a 404 page with a link to the dashboard', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('register, confirm by the e-mailed link, land on the dashboard', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Ana Torres');
  await page.getByLabel('Phone Number').fill('555-0199');
  await page.getByLabel('Address').fill('9 Pine Road');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(email, /Confirm your e-mail/);
  await page.goto(firstLink(mail.text));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Logged in as ${email}`)).toBeVisible();
});

test('a confirmation link opened in another browser asks its reader to choose the password', async ({ page, browser }) => {
  const email = uniqueEmail('otherdevice');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Ana Torres');
  await page.getByLabel('Phone Number').fill('555-0199');
  await page.getByLabel('Address').fill('9 Pine Road');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('registered-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await waitForMail(email, /Confirm your e-mail/);

  const phone = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.7.7' } });
  const other = await phone.newPage();
  await other.goto(firstLink(mail.text));
  await expect(other.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await expect(other.getByText(email)).toBeVisible();
  await other.screenshot({ path: 'test-results/screens/confirm-email.png' });
  await other.getByLabel('Password').fill('chosen-on-the-phone');
  await other.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(other.getByText(`Logged in as ${email}`)).toBeVisible();
  await other.screenshot({ path: 'test-results/screens/confirm-email-done.png' });
  await phone.close();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('registered-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
});

test('the e-mail field is of e-mail type and every field is required', async ({ page }) => {
  await page.goto('/register');
  for (const label of ['Full Name', 'Phone Number', 'Address', 'Email', 'Password']) {
    await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
});

test('an unconfirmed account is told to check its inbox', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: E2E_BASE_URL },
    data: { email, password: 'a-long-password', name: 'N', phone: '1', address: 'a', callbackURL: '/' },
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('Please confirm your e-mail address first');
});

test('a wrong password shows the spec message', async ({ page }) => {
  const customer = await createCustomer(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await expect(page).toHaveURL(/\/login$/);
});

test('log in, stay signed in across a reload, log out', async ({ page }) => {
  const customer = await createCustomer(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Logged in as ${customer.email}`)).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Logged in as ${customer.email}`)).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/quotes');
  await expect(page).toHaveURL(/\/login\?next=%2Fquotes$/);
});

test('logging out in one tab signs the other tab out', async ({ page, context }) => {
  await signIn(page, await createCustomer(page));
  const other = await context.newPage();
  await page.goto('/');
  await other.goto('/quotes');
  await expect(other.getByRole('link', { name: 'Quotes' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signing in again there returns to the page it was on.
  await expect(other).toHaveURL(/\/login\?next=%2Fquotes$/);
});

test('a session revoked on the server signs the tab out at the next check', async ({ page, customer }) => {
  await page.goto('/');
  await expect(page.getByText(`Logged in as ${customer.email}`)).toBeVisible();
  const revoked = await page.request.post('/api/auth/revoke-sessions', { headers: { origin: E2E_BASE_URL }, data: {} });
  expect(revoked.status()).toBe(200);
  // Coming back to the tab brings an immediate re-check (besides the 30 s timer).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page).toHaveURL(/\/login$/);
});

test('sidebar: links, active route, language toggle', async ({ page, customer }) => {
  await page.goto('/work-orders');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['Dashboard', 'Quotes', 'Work Orders', 'Submit Request', 'Settings']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Work Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Logged in as ${customer.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const navEs = page.getByRole('navigation', { name: 'Navegación principal' });
  for (const name of ['Tablero', 'Cotizaciones', 'Órdenes', 'Enviar Orden', 'Configuración']) {
    await expect(navEs.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('in a Spanish browser', () => {
  test.use({ locale: 'es-MX' });
  test('the signed-out pages have no English left', async ({ page }) => {
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password', '/check-inbox', '/confirm-email', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect(await englishLeftOnPage(page, ['auth']), path).toEqual([]);
    }
  });

  test('the portal starts in Spanish', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the sidebar is a menu and nothing overflows sideways', async ({ page }) => {
    await signIn(page, await createCustomer(page));
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Quotes' }).click();
    await expect(page).toHaveURL(/\/quotes$/);
    await expect(nav).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
  const customer = await createCustomer(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The page loads on the click: the login form stays on screen until it is there.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link is on its way');

  const mail = await waitForMail(customer.email, /Reset your/);
  await page.goto(firstLink(mail.text));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(`Logged in as ${customer.email}`)).toBeVisible();
});

test('the language chosen in the portal becomes the language of the e-mails', async ({ page, customer }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expect
    .poll(async () => (await runSql<{ locale: string }>(`SELECT locale FROM "user" WHERE email = $1`, [customer.email]))[0]?.locale)
    .toBe('es');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Restablecer su contraseña' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  const mail = await waitForMail(customer.email, /Restablezca su contraseña/);
  expect(mail.text).toContain('Elija una nueva contraseña');
});
