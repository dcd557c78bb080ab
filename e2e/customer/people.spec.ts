import type { Page } from '@playwright/test';
import { CONSENT_VERSION } from '../../contracts/signatures';
import { expectNoAxeFindings } from '../support/axe';
import { firstLink, waitForMail } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/ports';

/** Issue 26.4 on a phone, in Spanish: the owner invites a view-only spouse, who joins from the e-mail and sees the quote, with no Approve. */

const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/people/${name}.png`, fullPage: true });

test.use({ viewport: PHONE, locale: 'es-MX' });
test.describe.configure({ timeout: 120_000 });

test('a view-only spouse joins by the e-mailed link, sees the quote and cannot approve it (screen and API)', async ({
  browser,
  page,
  customer,
}) => {
  const { id: quoteId } = await putSentQuote(customer.email, {
    description: 'Techo del garaje',
    lines: [{ description: 'Tejas', quantity: '10', unitPrice: '45.00' }],
    validUntil: '2099-06-30',
  });

  // The owner invites the spouse, view only, from 'Personas' on the Profile.
  await page.goto('/settings');
  const people = page.getByRole('region', { name: 'Personas' });
  await expect(people).toContainText('Nadie más tiene acceso a esta cuenta.');
  const spouse = uniqueEmail('spouse');
  await people.getByLabel('Correo electrónico').fill(spouse);
  await people.getByRole('radio', { name: 'Solo ver' }).check();
  await people.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(people.getByRole('status')).toHaveText(`Invitación enviada a ${spouse}.`);
  await expect(people).toContainText('Solo ver · invitada el');
  await shot(page, 'owner-people-es-390');
  await expectNoAxeFindings(page, 'profile with people');

  // The spouse opens the e-mail's link on their own phone.
  const mail = await waitForMail(spouse, /le invita a su portal de clientes/);
  const phone = await (await browser.newContext({ viewport: PHONE, locale: 'es-MX', isMobile: true, hasTouch: true })).newPage();
  await phone.goto(firstLink(mail.text));
  await expect(phone.getByRole('heading', { name: 'Unirse a la cuenta' })).toBeVisible();
  await expect(phone.getByLabel('Correo electrónico')).toHaveValue(spouse);
  await expect(phone.getByText('(solo ver)')).toBeVisible();
  await shot(phone, 'join-account-es-390');
  await expectNoAxeFindings(phone, 'join the account');
  await phone.getByLabel('Nombre completo').fill('Sam Cónyuge');
  await phone.getByLabel('Contraseña', { exact: true }).fill('a-spouse-password-42');
  await phone.getByRole('button', { name: 'Unirse y continuar' }).click();
  await expect(phone).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(phone.getByText(`Cotización #${quoteId}`)).toBeVisible();

  // The quote: seen, with no Approve, Decline or revision, and the reason said.
  await phone.goto(`/quotes/${quoteId}`);
  await expect(phone.getByText('Techo del garaje').first()).toBeVisible();
  await expect(phone.getByTestId('view-only-notice')).toContainText('Tiene acceso de solo lectura a esta cuenta');
  await expect(phone.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Rechazar' })).toHaveCount(0);
  await shot(phone, 'view-only-quote-es-390');
  await expectNoAxeFindings(phone, 'view-only quote');

  // And the API says no, whatever the screen shows.
  const refused = await phone.request.post(`/api/quotes/${quoteId}/approve`, {
    headers: { origin: E2E_BASE_URL },
    data: { version: 1, signerName: 'Sam Cónyuge', accepted: true, consent: { version: CONSENT_VERSION, locale: 'es', agreed: true } },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('view_only');

  // The owner sees the spouse joined.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Personas' })).toContainText('Sam Cónyuge');
  await expect(page.getByRole('region', { name: 'Personas' })).toContainText('se unió el');
});

/** The local OpenID provider's login form (Google's stand-in), in the popup. */
async function googleAccount(page: Page, email: string, name: string) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Iniciar sesión con Google' }).click();
  const provider = await popup;
  const closed = provider.waitForEvent('close');
  await provider.getByLabel('Email', { exact: true }).fill(email);
  await provider.getByLabel('Name').fill(name);
  await provider.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test('a person joins with Google from the e-mailed link: another Google address is refused, the invited one joins (decision 234)', async ({
  browser,
  page,
  customer,
}) => {
  const { id: quoteId } = await putSentQuote(customer.email, {
    description: 'Cerca del patio',
    lines: [{ description: 'Postes', quantity: '4', unitPrice: '30.00' }],
    validUntil: '2099-06-30',
  });
  const partner = uniqueEmail('partner');
  const invited = await page.request.post('/api/people', {
    headers: { origin: E2E_BASE_URL },
    data: { email: partner, role: 'approve_and_pay', locale: 'es' },
  });
  expect(invited.status()).toBe(201);

  const mail = await waitForMail(partner, /le invita a su portal de clientes/);
  const phone = await (await browser.newContext({ viewport: PHONE, locale: 'es-MX' })).newPage();
  await phone.goto(firstLink(mail.text));
  await expect(phone.getByRole('heading', { name: 'Unirse a la cuenta' })).toBeVisible();
  await expect(phone.getByText(`Con Google, use la cuenta de ${partner}.`)).toBeVisible();
  await shot(phone, 'join-account-google-es-390');
  await expectNoAxeFindings(phone, 'join the account with Google');

  // Another Google account: refused, nothing made, still on the link's page.
  await googleAccount(phone, uniqueEmail('someone-else'), 'Otra Persona');
  await expect(phone.getByRole('alert')).toHaveText(
    'Esa cuenta de Google es de otra dirección. Use la cuenta de Google de la dirección invitada o elija una contraseña.',
  );
  await expect(phone).toHaveURL(/\/join-account\?token=/);
  // The stand-in remembers who signed in at it, as Google would: sign out there (its cookies) to choose another account.
  await phone.context().clearCookies({ domain: '127.0.0.1' });

  // The invited address's Google account: joined, on the dashboard with the account's quote.
  await googleAccount(phone, partner, 'Pat Pareja');
  await expect(phone).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(phone.getByText(`Cotización #${quoteId}`)).toBeVisible();

  // The owner sees who joined, and the person acts as 'Puede aprobar y pagar' (no view-only notice).
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Personas' })).toContainText('Pat Pareja');
  await phone.goto(`/quotes/${quoteId}`);
  await expect(phone.getByRole('button', { name: 'Aprobar' }).first()).toBeVisible();
  await expect(phone.getByTestId('view-only-notice')).toHaveCount(0);
});
