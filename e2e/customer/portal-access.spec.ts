import type { Browser, Page } from '@playwright/test';
import { expectNoAxeFindings } from '../support/axe';
import { firstLink, runSql, waitForMail } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { createCustomer, expect, test, uniqueEmail } from '../support/fixtures';
import { createOfficeAccount, signInOfficeByApi } from '../support/office';
import { E2E_BASE_URL } from '../support/ports';

/** Issue 26.1 and 26.2 on a phone, in Spanish: the office's invitation to approving, and a sign-in link used twice. */

const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/portal-access/${name}.png`, fullPage: true });
const phoneInSpanish = (browser: Browser) => browser.newContext({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true });

test.use({ viewport: PHONE, locale: 'es-MX' });
// Four screens, two devices and axe on each new screen: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

test('a customer the office added opens the invitation on a phone and approves the quote in four screens', async ({ browser, page }) => {
  // The office adds the customer and presses 'Invite to portal' (Spanish e-mail); a quote is waiting.
  const office = await createOfficeAccount(page.request);
  await signInOfficeByApi(page, office);
  const email = uniqueEmail('invited');
  const added = await page.request.post('/api/office/customers', {
    headers: { origin: E2E_BASE_URL },
    data: { email, name: 'Rosa Díaz', phone: '555-0177', address: '9 Calle Olmo' },
  });
  expect(added.status()).toBe(201);
  const { id: customerId } = (await added.json()) as { id: number };
  const { id: quoteId } = await putSentQuote(email, {
    description: 'Cerca del patio',
    lines: [{ description: 'Cerca de madera', quantity: '1', unitPrice: '900.00' }],
    validUntil: '2099-06-30',
  });

  await page.goto(`/office/customers/${customerId}`);
  const access = page.getByRole('region', { name: 'Acceso al portal' });
  await expect(access).toContainText('Aún no tiene cuenta en el portal.');
  await access.getByRole('button', { name: 'Invitar al portal' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Invitar al portal' });
  await dialog.getByLabel('Idioma del correo').selectOption('es');
  await shot(page, 'office-invite-dialog-es-390');
  await expectNoAxeFindings(page, 'office invite dialog');
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(access.getByRole('status')).toHaveText('Invitación enviada.');
  await expect(access).toContainText('Última invitación:');

  // Screen 1: the e-mail.
  const mail = await waitForMail(email, /Configure su acceso al portal/);
  expect(mail.text).toContain('Hola, Rosa Díaz');
  const link = firstLink(mail.text);

  const phone = await (await phoneInSpanish(browser)).newPage();
  const screens: string[] = ['e-mail'];
  // Screen 2: 'Configure su acceso al portal', the office's data filled in.
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Configure su acceso al portal' })).toBeVisible();
  screens.push(new URL(phone.url()).pathname);
  await expect(phone.getByLabel('Nombre completo')).toHaveValue('Rosa Díaz');
  await expect(phone.getByLabel('Número de teléfono')).toHaveValue('555-0177');
  await expect(phone.getByText(`Este enlace confirma su correo electrónico, ${email}.`, { exact: false })).toBeVisible();
  await expectNoAxeFindings(phone, 'set-up page');
  await shot(phone, 'setup-es-390');
  await phone.getByLabel('Elija una contraseña').fill('mi-cerca-nueva-2026');
  await phone.getByRole('button', { name: 'Configurar y continuar' }).click();

  // Screen 3: the quote itself (no confirmation e-mail, no sign-in, no list in between).
  await expect(phone).toHaveURL(`${E2E_BASE_URL}/quotes/${quoteId}`);
  screens.push(new URL(phone.url()).pathname);
  await phone.getByRole('button', { name: 'Aprobar' }).click();

  // Screen 4: the approve dialog.
  const approve = phone.getByRole('dialog', { name: `Aprobar cotización #${quoteId}` });
  await expect(approve).toBeVisible();
  screens.push('approve dialog');
  await approve.getByLabel('Nombre completo').fill('Rosa Díaz');
  // Whatever the dialog asks to tick (acceptance, consent): the quote has no optional lines.
  for (const box of await approve.getByRole('checkbox').all()) await box.check();
  await shot(phone, 'approve-dialog-es-390');
  await approve.getByRole('button', { name: 'Firmar y aprobar' }).click();
  await expect(phone.getByText('¡Cotización aprobada! Gracias.')).toBeVisible();
  // The quote as it is now: Approved, nothing left to answer.
  await expect(phone.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expect(phone.locator('.badge', { hasText: 'Aprobada' })).toBeVisible();
  await shot(phone, 'approved-es-390');
  expect(screens).toHaveLength(4);

  // No second confirmation e-mail; the link is spent.
  const kinds = await runSql<{ kind: string }>('SELECT kind FROM mail_outbox WHERE to_address = $1 ORDER BY id', [email]);
  expect(kinds[0]?.kind).toBe('portal-invitation');
  expect(kinds.map((k) => k.kind)).not.toContain('verify-email');
  const later = await (await phoneInSpanish(browser)).newPage();
  await later.goto(link);
  await expect(later.getByRole('alert')).toHaveText('Ya tiene una cuenta en el portal. Inicie sesión para continuar.');
  await later.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(later).toHaveURL(`${E2E_BASE_URL}/login?next=${encodeURIComponent(`/quotes/${quoteId}`)}`);
});

test('a sign-in link signs in once, on the device that opens it; the second opening is refused', async ({ browser, page }) => {
  const customer = await createCustomer(page);
  await runSql(`UPDATE "user" SET locale = 'es' WHERE email = $1`, [customer.email]);
  const { id: quoteId } = await putSentQuote(customer.email, {
    description: 'Techo',
    lines: [{ description: 'Tejas', quantity: '10', unitPrice: '30.00' }],
  });

  // Heading to a quote from an e-mail: the Login keeps it as the goal.
  await page.goto(`/quotes/${quoteId}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Correo electrónico').fill(customer.email);
  await page.getByRole('button', { name: 'Enviarme un enlace de acceso' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'le enviamos un enlace de acceso' })).toBeVisible();
  await expectNoAxeFindings(page, 'login, link sent');
  await shot(page, 'login-link-sent-es-390');

  const mail = await waitForMail(customer.email, /Su enlace de acceso/);
  expect(mail.text).toContain('durante 15 minutos');
  const link = firstLink(mail.text);

  const phone = await (await phoneInSpanish(browser)).newPage();
  await phone.goto(link);
  await expect(phone).toHaveURL(`${E2E_BASE_URL}/quotes/${quoteId}`);
  await expect(phone.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  const methods = await runSql<{ sign_in_method: string }>(
    `SELECT s.sign_in_method FROM session s JOIN "user" u ON u.id = s."userId" WHERE u.email = $1`,
    [customer.email],
  );
  expect(methods.map((m) => m.sign_in_method)).toEqual(['magic-link']);

  // The same link again, on another device: no session, the Login says why and keeps the goal.
  const other = await (await phoneInSpanish(browser)).newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/login\?next=%2Fquotes%2F\d+&error=INVALID_TOKEN/);
  await expect(other.getByText('Este enlace de acceso venció o ya se usó. Pida uno nuevo.')).toBeVisible();
  await expectNoAxeFindings(other, 'login, link used');
  await shot(other, 'login-link-used-es-390');
});
