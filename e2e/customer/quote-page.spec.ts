import { CONSENT_VERSION } from '../../contracts/signatures';
import type { Page } from '@playwright/test';
import { runSql } from '../support/control';
import { putSentQuote, sendQuoteVersion } from '../support/customer-quotes';
import { createCustomer, expect, signIn, test } from '../support/fixtures';
import { readPdfText } from '../support/pdf-text';
import { E2E_BASE_URL } from '../support/ports';
import { englishLeftOnPage } from '../support/spanish-sweep';

/** The customer's side of the quote loop (office-spec section 3): /quotes/:id, Approve, Decline, the PDFs. */

const deck = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Railing', quantity: '1', unitPrice: '400' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
    { description: 'Lights', quantity: '4', unitPrice: '19.99', optional: true },
  ],
  taxRate: '8.25',
  validUntil: '2099-06-30',
  terms: 'Half up front, half on completion.',
};

/** Version 2 of the deck, as the office sends it after a revision request: cheaper boards, no railing, stairs. */
const deckV2 = (keys: string[]) => ({
  ...deck,
  lines: [
    { key: keys[0], description: 'Boards', quantity: '20', unitPrice: '11.00' },
    { key: keys[2], description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
    { key: keys[3], description: 'Lights', quantity: '4', unitPrice: '19.99', optional: true },
    { description: 'Stairs', quantity: '1', unitPrice: '300' },
  ],
});

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/quote-page/${name}.png`, fullPage: true });
const pdfText = async (path: string) => (await readPdfText(path)).text.replace(/[ \t]+/g, ' ');
/** English still on a Spanish page; 'Cancel' is left out, as it is inside 'Cancelar' (the substring sweep would flag it). */
const englishLeft = async (page: Page) =>
  (await englishLeftOnPage(page, ['quotes', 'quotesDetail'])).filter((phrase) => phrase !== 'Cancel');
const inSpanish = (page: Page) => page.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));

async function download(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), text: await pdfText((await file.path())!) };
}

test('a quote in two versions: what changed, the lines and figures, and version 1 still viewable with its PDF', async ({
  page,
  customer,
}) => {
  const v1 = await putSentQuote(customer.email, deck);
  await sendQuoteVersion(v1.id, 2, deckV2(v1.keys));

  // From the list, each quote links to its page.
  await page.goto('/quotes');
  await page.getByRole('link', { name: `Quote #${v1.id}` }).click();
  await expect(page).toHaveURL(`/quotes/${v1.id}`);
  const quote = page.getByRole('article', { name: `Quote #${v1.id}` });
  await expect(quote.getByRole('heading', { level: 1 })).toHaveText(`Quote #${v1.id}`);
  await expect(quote.locator('.badge')).toHaveText('Sent');
  await expect(quote.locator('.quote-facts')).toContainText('Version 2');
  await expect(quote.locator('.quote-facts')).toContainText('Valid untilJun 30, 2099');

  const changed = quote.getByRole('region', { name: 'What changed' });
  await expect(changed).toContainText('Since version 1');
  await expect(changed.locator('[data-kind="added"]')).toContainText('Stairs 1 × $300.00 = $300.00');
  await expect(changed.locator('[data-kind="removed"]')).toContainText('Railing 1 × $400.00 = $400.00');
  await expect(changed.locator('[data-kind="changed"]')).toContainText('Unit price: $12.50 → $11.00');
  await expect(changed.locator('[data-kind="changed"]')).toContainText('Line total: $250.00 → $220.00');
  await expect(changed).toContainText('Total: $703.63 → $562.90');

  const lines = quote.getByRole('region', { name: 'Line items' }).first();
  await expect(lines.getByRole('row')).toHaveText([
    'ItemQuantityUnit priceLine total',
    'Boards20$11.00$220.00',
    'Stain, two coatsOptional2.5$35.01$87.53',
    'LightsOptional4$19.99$79.96',
    'Stairs1$300.00$300.00',
  ]);
  await expect(lines.locator('.quote-figures')).toHaveText('Subtotal$520.00Tax (8.25%)$42.90Total$562.90');
  await expect(quote.getByRole('region', { name: 'Terms' })).toContainText('Half up front, half on completion.');
  await shot(page, 'what-changed-en-1280');

  // Only this screen's requests: the quote in one answer (and the change orders' section below it,
  // composed by the router: decision 212).
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/quotes')) api.push(new URL(r.url()).pathname);
  });
  await page.reload();
  await expect(quote.getByRole('region', { name: 'What changed' })).toBeVisible();
  expect(api.filter((path) => path === `/api/quotes/${v1.id}`)).toHaveLength(1);
  expect(api.filter((path) => path !== `/api/quotes/${v1.id}` && path !== `/api/quotes/${v1.id}/change-orders`)).toEqual([]);

  const current = await download(page, quote.getByRole('button', { name: 'Download PDF' }));
  expect(current.name).toBe(`quote-${v1.id}.pdf`);
  for (const part of ['Official Quote', `Quote #${v1.id}`, 'Version 2', 'Stairs 1 $300.00 $300.00', 'Total $562.90']) {
    expect(current.text).toContain(part);
  }

  const earlier = quote.getByRole('region', { name: 'Earlier versions' });
  await expect(earlier).toContainText('Version 1 · sent');
  await earlier.getByRole('button', { name: 'View version 1' }).click();
  await expect(earlier.getByRole('row', { name: /Railing/ })).toHaveText('Railing1$400.00$400.00');
  await expect(earlier.locator('.quote-figures')).toHaveText('Subtotal$650.00Tax (8.25%)$53.63Total$703.63');
  const old = await download(page, earlier.getByRole('button', { name: 'Download PDF of version 1' }));
  expect(old.name).toBe(`quote-${v1.id}-v1.pdf`);
  for (const part of ['Version 1', 'Earlier version (now version 2)', 'Railing 1 $400.00 $400.00', 'Total $703.63']) {
    expect(old.text).toContain(part);
  }
});

test('approve with an optional line ticked: the signed total is the same on screen, in the PDF and in the API', async ({
  page,
  customer,
}) => {
  const { id, ids } = await putSentQuote(customer.email, deck);
  await page.goto(`/quotes/${id}`);
  const quote = page.getByRole('article', { name: `Quote #${id}` });
  const opener = quote.getByRole('button', { name: 'Approve' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Approve Quote #${id}` });
  // The terms come first (contract-spec §1): focus starts on them, so a keyboard can scroll them.
  await expect(dialog.getByRole('region', { name: 'Terms' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  const total = dialog.getByTestId('running-total');
  await expect(total).toHaveText('$703.63');
  await dialog.getByRole('checkbox', { name: /Stain, two coats/ }).check();
  // 650.00 + 87.53 = 737.53; 8.25 % tax = 60.85; 798.38.
  await expect(total).toHaveText('$798.38');
  await dialog.getByRole('checkbox', { name: /Lights/ }).check();
  // 737.53 + 79.96 = 817.49; tax 67.44; 884.93.
  await expect(total).toHaveText('$884.93');
  await dialog.getByRole('checkbox', { name: /Lights/ }).uncheck();
  await expect(total).toHaveText('$798.38');

  // The consent, the name and the acceptance are all needed.
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please agree to sign electronically.');
  await dialog.getByRole('checkbox', { name: /I agree to sign electronically/ }).check();
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please type your full name.');
  await dialog.getByLabel('Full name').fill('Maria Lopez');
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please accept the quote and its terms.');
  await dialog.getByRole('checkbox', { name: 'I accept this quote and its terms' }).check();
  await shot(page, 'approve-dialog-en-1280');
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();

  await expect(quote.getByRole('status').filter({ hasText: 'Quote approved. Thank you!' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(quote.locator('.badge')).toHaveText('Approved');
  await expect(quote.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const decision = quote.getByRole('region', { name: 'Approved' });
  await expect(decision).toContainText('Signed byMaria Lopez');
  await expect(decision).toContainText('Signed total$798.38');
  await expect(decision).toContainText('Signed electronically');
  await expect(quote.getByRole('row', { name: /Stain/ })).toContainText('Optional, chosen');
  await expect(quote.getByRole('row', { name: /Lights/ })).toContainText('Optional, not chosen');
  await expect(quote.locator('.quote-figures').first()).toHaveText('Subtotal$737.53Tax (8.25%)$60.85Total$798.38');
  await shot(page, 'approved-en-1280');

  const res = await page.request.get(`/api/quotes/${id}`);
  const body = (await res.json()) as { status: string; decision: { total: string; signerName: string; contentHash: string } };
  expect(body).toMatchObject({ status: 'Approved', decision: { total: '798.38', signerName: 'Maria Lopez' } });
  const [stored] = await runSql<{ total: string; optional_item_ids: number[] }>(
    'SELECT total::text AS total, optional_item_ids FROM quote_approvals WHERE quote_id = $1',
    [id],
  );
  expect(stored!.total).toBe('798.38');
  expect(stored!.optional_item_ids.map(Number)).toEqual([ids[2]]);

  const pdf = await download(page, quote.getByRole('button', { name: 'Download PDF' }));
  for (const part of [
    'Approved',
    'Optional, chosen',
    'Optional, not chosen',
    'Total $798.38',
    'Signed by Maria Lopez',
    'Signed total $798.38',
    'Signed electronically',
    `Content hash ${body.decision.contentHash.slice(0, 16)}`,
  ]) {
    expect(pdf.text).toContain(part);
  }
  // The list's card shows the same one total, and its PDF is the same document.
  await page.goto('/quotes');
  const card = page.getByRole('article', { name: `Quote #${id}` });
  await expect(card.locator('.badge')).toHaveText('Approved');
  await expect(card).toContainText('$798.38');
  await expect(card).not.toContainText('$703.63');
  const fromList = await download(page, card.getByRole('button', { name: 'Download PDF' }));
  expect(fromList.text).toContain('Signed total $798.38');
  expect(fromList.text).toContain('Total $798.38');
  expect(fromList.text).not.toContain('$703.63');
  // So does the dashboard.
  await page.goto('/');
  const recent = page
    .getByRole('region', { name: 'Recent Quotes' })
    .getByRole('listitem')
    .filter({ hasText: `Quote #${id}` });
  await expect(recent).toContainText('Total: $798.38');
});

test('a new version sent while the dialog is open: the approval is refused with the spec’s message and the page shows it', async ({
  page,
  customer,
}) => {
  const v1 = await putSentQuote(customer.email, deck);
  await page.goto(`/quotes/${v1.id}`);
  const quote = page.getByRole('article', { name: `Quote #${v1.id}` });
  await quote.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /I agree to sign electronically/ }).check();
  await dialog.getByLabel('Full name').fill('Maria Lopez');
  await dialog.getByRole('checkbox', { name: 'I accept this quote and its terms' }).check();

  await sendQuoteVersion(v1.id, 2, deckV2(v1.keys));
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(quote.getByRole('alert')).toHaveText('This quote has changed. Please review the new version.');
  await expect(dialog).toBeHidden();
  // The page data is loaded again: version 2 with what changed.
  await expect(quote.locator('.quote-facts')).toContainText('Version 2');
  await expect(quote.getByRole('region', { name: 'What changed' })).toBeVisible();
  expect(await runSql('SELECT id FROM quote_approvals WHERE quote_id = $1', [v1.id])).toHaveLength(0);
});

test('decline with a reason', async ({ page, customer }) => {
  const { id } = await putSentQuote(customer.email, deck);
  await page.goto(`/quotes/${id}`);
  const quote = page.getByRole('article', { name: `Quote #${id}` });
  await quote.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: `Decline Quote #${id}` });
  await dialog.getByLabel('Reason (optional)').fill('We chose another contractor.');
  await shot(page, 'decline-dialog-en-1280');
  await dialog.getByRole('button', { name: 'Decline quote' }).click();
  await expect(quote.getByRole('status').filter({ hasText: 'Quote declined.' })).toBeVisible();
  await expect(quote.locator('.badge')).toHaveText('Declined');
  await expect(quote.getByRole('region', { name: 'Declined' })).toContainText('ReasonWe chose another contractor.');
  await expect(quote.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  const [stored] = await runSql<{ decision: string; reason: string }>('SELECT decision, reason FROM quote_approvals WHERE quote_id = $1', [
    id,
  ]);
  expect(stored).toEqual({ decision: 'Declined', reason: 'We chose another contractor.' });
});

test('an expired quote shows as Expired and cannot be approved; a SQL quote shows as before; other customers get not found', async ({
  page,
  customer,
  browser,
}) => {
  const { id } = await putSentQuote(customer.email, { ...deck, validUntil: '2020-01-31' });
  await page.goto(`/quotes/${id}`);
  const quote = page.getByRole('article', { name: `Quote #${id}` });
  await expect(quote.locator('.badge')).toHaveText('Expired');
  await expect(quote.getByText('This quote has expired. Request a revision for an updated quote.')).toBeVisible();
  await expect(quote.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(quote.getByRole('button', { name: 'Request Revision' })).toBeVisible();
  // The list says Expired too, before the periodic job has written it.
  await page.goto('/quotes');
  await expect(page.getByRole('article', { name: `Quote #${id}` }).locator('.badge')).toHaveText('Expired');
  await page.goto(`/quotes/${id}`);
  const refused = await page.request.post(`/api/quotes/${id}/approve`, {
    headers: { origin: new URL(page.url()).origin },
    data: { version: 1, signerName: 'Maria Lopez', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
  });
  expect(refused.status()).toBe(409);

  // A quote put in with plain SQL: no version, no lines, no Approve; the spec's PDF.
  const [row] = await runSql<{ id: number }>(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'Paint the fence', 1234.50, 'Sent') RETURNING id`,
    [customer.email],
  );
  await page.goto(`/quotes/${row!.id}`);
  const sqlQuote = page.getByRole('article', { name: `Quote #${row!.id}` });
  await expect(sqlQuote).toContainText('Paint the fence');
  await expect(sqlQuote.locator('.quote-facts')).toContainText('Total$1,234.50');
  await expect(sqlQuote.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // Put in with no history rows: it shows no history (the database logs changes of status only).
  await expect(sqlQuote.getByRole('region', { name: 'Status History' })).toHaveCount(0);
  const pdf = await download(page, sqlQuote.getByRole('button', { name: 'Download PDF' }));
  expect(pdf.text).toContain('$1,234.50');
  expect(pdf.text).toContain('Paint the fence');

  const other = await browser.newPage({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.1.77' } });
  await signIn(other, await createCustomer(other));
  for (const target of [id, row!.id]) {
    await other.goto(`/quotes/${target}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(other.getByText('Paint the fence')).toHaveCount(0);
  }
  await other.goto('/quotes/not-a-number');
  await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await other.close();
});

test.describe('in Spanish', () => {
  test('what changed, approve, a stale approval and decline, with no English left', async ({ page, customer }) => {
    await inSpanish(page);
    const v1 = await putSentQuote(customer.email, deck);
    await sendQuoteVersion(v1.id, 2, deckV2(v1.keys));
    await page.goto(`/quotes/${v1.id}`);
    const quote = page.getByRole('article', { name: `Cotización #${v1.id}` });
    await expect(quote.locator('.quote-facts')).toContainText('Versión 2');
    const changed = quote.getByRole('region', { name: 'Qué cambió' });
    await expect(changed).toContainText('Desde la versión 1');
    await expect(changed).toContainText('Total: $703.63 → $562.90');
    await expect(quote.getByRole('row', { name: /Stain/ })).toContainText('Opcional');
    expect(await englishLeft(page)).toEqual([]);
    await shot(page, 'what-changed-es-1280');

    // A stale approval: version 3 arrives while the dialog is open.
    await quote.getByRole('button', { name: 'Aprobar' }).click();
    const dialog = page.getByRole('dialog', { name: `Aprobar cotización #${v1.id}` });
    await dialog.getByRole('checkbox', { name: /Stain/ }).check();
    // 520.00 + 87.53 = 607.53; 8.25 % tax = 50.12; 657.65.
    await expect(dialog.getByTestId('running-total')).toHaveText('$657.65');
    await dialog.getByRole('checkbox', { name: /Acepto firmar electrónicamente/ }).check();
    await dialog.getByLabel('Nombre completo').fill('María López');
    await dialog.getByRole('checkbox', { name: 'Acepto esta cotización y sus términos' }).check();
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    expect(await englishLeft(page)).toEqual([]);
    await shot(page, 'approve-dialog-es-1280');
    await sendQuoteVersion(v1.id, 3, deckV2(v1.keys));
    await dialog.getByRole('button', { name: 'Firmar y aprobar' }).click();
    await expect(quote.getByRole('alert')).toHaveText('Esta cotización cambió. Revisa la nueva versión.');
    await expect(quote.locator('.quote-facts')).toContainText('Versión 3');

    // Then approved for real, with the optional line.
    await quote.getByRole('button', { name: 'Aprobar' }).click();
    await dialog.getByRole('checkbox', { name: /Stain/ }).check();
    await dialog.getByRole('checkbox', { name: /Acepto firmar electrónicamente/ }).check();
    await dialog.getByLabel('Nombre completo').fill('María López');
    await dialog.getByRole('checkbox', { name: 'Acepto esta cotización y sus términos' }).check();
    await dialog.getByRole('button', { name: 'Firmar y aprobar' }).click();
    await expect(quote.getByRole('status').filter({ hasText: '¡Cotización aprobada! Gracias.' })).toBeVisible();
    await expect(quote.locator('.badge')).toHaveText('Aprobada');
    await expect(quote.getByRole('region', { name: 'Aprobada' })).toContainText('Total firmado$657.65');
    expect(await englishLeft(page)).toEqual([]);
    await shot(page, 'approved-es-1280');
    const pdf = await download(page, quote.getByRole('button', { name: 'Descargar PDF' }));
    for (const part of [
      'Cotización oficial',
      'Aprobada',
      'Versión 3',
      'Opcional, elegida',
      'Firmado por María López',
      'Firmado electrónicamente',
      'Total firmado $657.65',
    ]) {
      expect(pdf.text).toContain(part);
    }
    for (const english of ['Official Quote', 'Signed', 'Version', 'Optional']) expect(pdf.text).not.toContain(english);
  });

  test('decline, and an expired quote', async ({ page, customer }) => {
    await inSpanish(page);
    const { id } = await putSentQuote(customer.email, deck);
    await page.goto(`/quotes/${id}`);
    const quote = page.getByRole('article', { name: `Cotización #${id}` });
    await quote.getByRole('button', { name: 'Rechazar' }).click();
    const dialog = page.getByRole('dialog', { name: `Rechazar cotización #${id}` });
    await dialog.getByLabel('Motivo (opcional)').fill('Elegimos a otro contratista.');
    await dialog.getByRole('button', { name: 'Rechazar cotización' }).click();
    await expect(quote.getByRole('status').filter({ hasText: 'Cotización rechazada.' })).toBeVisible();
    await expect(quote.getByRole('region', { name: 'Rechazada' })).toContainText('Elegimos a otro contratista.');
    expect(await englishLeft(page)).toEqual([]);

    const expired = await putSentQuote(customer.email, { ...deck, validUntil: '2020-01-31' });
    await page.goto(`/quotes/${expired.id}`);
    const exp = page.getByRole('article', { name: `Cotización #${expired.id}` });
    await expect(exp.locator('.badge')).toHaveText('Vencida');
    await expect(exp.getByText('Esta cotización venció. Solicita una revisión para recibir una actualizada.')).toBeVisible();
    await expect(exp.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
    expect(await englishLeft(page)).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const language of ['en', 'es'] as const) {
    test(`the quote page and its dialogs fit the screen (${language})`, async ({ page, customer }) => {
      if (language === 'es') await inSpanish(page);
      const v1 = await putSentQuote(customer.email, deck);
      await sendQuoteVersion(v1.id, 2, deckV2(v1.keys));
      await page.goto(`/quotes/${v1.id}`);
      const approve = page.getByRole('button', { name: language === 'en' ? 'Approve' : 'Aprobar' });
      await expect(approve).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await shot(page, `quote-${language}-390`);
      await approve.click();
      const box = await page.getByRole('dialog').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await shot(page, `approve-dialog-${language}-390`);
    });
  }
});
