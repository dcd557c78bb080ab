import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from '../support/axe';
import { waitForMail } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { expect, test } from '../support/fixtures';
import type { SunkMail } from '../support/mail-sink';
import { readPdfText } from '../support/pdf-text';

/**
 * Issue 24 (contract-spec §1): a customer approves a quote with the electronic consent, gets the signed
 * PDF (with its 'Certificate of completion') by e-mail, downloads it from the quote's page, and checks it
 * at the public /verify page; one changed byte and a wrong code are not the signed document.
 */

const deck = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
  ],
  taxRate: '8.25',
  validUntil: '2099-06-30',
  terms: 'Half up front, half on completion.',
};

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/signature/${name}.png`, fullPage: true });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The PDF attached to an e-mail (the sink keeps a multipart message's body as it came), decoded. */
function pdfAttachedTo(mail: SunkMail): Buffer {
  const start = mail.text.search(/^Content-Type: application\/pdf/im);
  expect(start, `no PDF attached to "${mail.subject}"`).toBeGreaterThanOrEqual(0);
  const part = mail.text.slice(start);
  const body = part.slice(part.indexOf('\n\n') + 2).split(/\n--/)[0]!;
  return Buffer.from(body.replace(/\s/g, ''), 'base64');
}

async function verifyAt(page: Page, code: string, file: Buffer, words: { code: string; file: string; verify: string }) {
  await page.getByLabel(words.code).fill(code);
  await page.getByLabel(words.file).setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: file });
  await page.getByRole('button', { name: words.verify }).click();
}

test('approve with consent, the signed PDF by e-mail and download, checked at /verify (and a changed byte is not)', async ({
  page,
  customer,
}) => {
  // Approve, download, an e-mail and three checks, each screen checked by axe: a long test on a busy machine.
  test.slow();
  const quote = await putSentQuote(customer.email, deck);
  await page.goto(`/quotes/${quote.id}`);
  const article = page.getByRole('article', { name: `Quote #${quote.id}` });
  await article.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve Quote #${quote.id}` });

  // The spec's order: the terms, then the consent (with its own page), then the signature.
  const terms = dialog.getByRole('region', { name: 'Terms' });
  await expect(terms).toHaveText(deck.terms);
  await expect(terms).toBeFocused();
  const consentLink = dialog.getByRole('link', { name: /Read the consent/ });
  const [consentPage] = await Promise.all([page.context().waitForEvent('page'), consentLink.click()]);
  await consentPage.waitForLoadState();
  await expect(consentPage.getByRole('heading', { level: 1 })).toHaveText('Consent to sign and receive records electronically');
  for (const part of ['A paper copy', 'Withdrawing your consent', 'Keeping your e-mail address up to date', 'Version ']) {
    await expect(consentPage.getByText(part).first()).toBeVisible();
  }
  await expectNoAxeFindings(consentPage, 'the consent page');
  await shot(consentPage, 'consent-en-1280');
  await consentPage.close();

  await dialog.getByRole('checkbox', { name: /Stain/ }).check();
  await dialog.getByLabel('Full name').fill(customer.name);
  await dialog.getByRole('checkbox', { name: 'I accept this quote and its terms' }).check();
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please agree to sign electronically.');
  await dialog
    .getByRole('checkbox', { name: 'I agree to sign electronically and to receive this contract and its records electronically.' })
    .check();
  await expectNoAxeFindings(page, 'the approve dialog');
  await shot(page, 'approve-dialog-en-1280');
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(article.getByRole('status').filter({ hasText: 'Quote approved. Thank you!' })).toBeVisible();

  // Download signed PDF: the file the server made, with the certificate as its last page.
  const [download] = await Promise.all([page.waitForEvent('download'), article.getByRole('link', { name: 'Download signed PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`quote-${quote.id}-signed.pdf`);
  const pdf = await fs.readFile((await download.path())!);
  const { pages } = await readPdfText(pdf);
  const certificate = pages.at(-1)!;
  expect(pages[0]).toContain(`Quote #${quote.id}`);
  expect(certificate).toContain('Certificate of completion');
  expect(certificate).toContain(customer.email);
  const code = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/.exec(certificate)?.[0];
  expect(code, certificate).toBeTruthy();
  // The certificate's PDF hash is that of the signed document: the file's first N bytes, N as it says.
  const bytes = Number(/the first (\d+) bytes/.exec(certificate.replace(/\s+/g, ' '))?.[1]);
  expect(certificate.replace(/\s+/g, '')).toContain(sha256(pdf.subarray(0, bytes)));
  await shot(page, 'approved-en-1280');

  // The same file came by e-mail.
  const mail = await waitForMail(customer.email, new RegExp(`^Your signed Quote #${quote.id}$`));
  expect(sha256(pdfAttachedTo(mail))).toBe(sha256(pdf));
  expect(mail.text).toContain(code!);

  // /verify is public: signed out, the true file, one changed byte, a wrong code.
  await page.context().clearCookies();
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify a signed document');
  const words = { code: 'Verification code', file: 'PDF file', verify: 'Verify' };
  const answer = page.getByTestId('verify-answer');
  await verifyAt(page, code!, pdf, words);
  await expect(answer).toHaveText('This is the signed document. Nothing has changed since it was signed.');
  await expectNoAxeFindings(page, '/verify, a match');
  await shot(page, 'verify-match-en-1280');

  const changed = Buffer.from(pdf);
  const at = Math.floor(changed.length / 3);
  changed[at] = changed[at]! ^ 0x20;
  await verifyAt(page, code!, changed, words);
  await expect(answer).toHaveText('This file is not the signed document.');
  await expectNoAxeFindings(page, '/verify, no match');
  await shot(page, 'verify-changed-byte-en-1280');

  await verifyAt(page, 'ABCD-EFGH-JKLM-NPQR', pdf, words);
  await expect(answer).toHaveText('This file is not the signed document.');
});

test('in Spanish: the consent in the dialog, Descargar PDF firmado, and /verify', async ({ page, customer }) => {
  test.slow();
  await page.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));
  await page.setViewportSize({ width: 390, height: 844 });
  const quote = await putSentQuote(customer.email, deck);
  await page.goto(`/quotes/${quote.id}`);
  const article = page.getByRole('article', { name: `Cotización #${quote.id}` });
  await article.getByRole('button', { name: 'Aprobar' }).click();
  const dialog = page.getByRole('dialog', { name: `Aprobar cotización #${quote.id}` });
  await dialog
    .getByRole('checkbox', { name: 'Acepto firmar electrónicamente y recibir este contrato y sus registros por vía electrónica.' })
    .check();
  await expect(dialog.getByRole('link', { name: /Leer el consentimiento/ })).toHaveAttribute('href', '/consent');
  await dialog.getByLabel('Nombre completo').fill('María López');
  await dialog.getByRole('checkbox', { name: 'Acepto esta cotización y sus términos' }).check();
  await shot(page, 'approve-dialog-es-390');
  await dialog.getByRole('button', { name: 'Firmar y aprobar' }).click();
  await expect(article.getByRole('status').filter({ hasText: '¡Cotización aprobada! Gracias.' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    article.getByRole('link', { name: 'Descargar PDF firmado' }).click(),
  ]);
  const pdf = await fs.readFile((await download.path())!);
  const certificate = (await readPdfText(pdf)).pages.at(-1)!;
  expect(certificate).toContain('Certificado de finalización');
  const code = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/.exec(certificate)![0];
  const mail = await waitForMail(customer.email, new RegExp(`^Su cotización firmada #${quote.id}$`));
  expect(sha256(pdfAttachedTo(mail))).toBe(sha256(pdf));

  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificar un documento firmado');
  await verifyAt(page, code.toLowerCase(), pdf, { code: 'Código de verificación', file: 'Archivo PDF', verify: 'Verificar' });
  await expect(page.getByTestId('verify-answer')).toHaveText('Este es el documento firmado. Nada cambió desde la firma.');
  await expectNoAxeFindings(page, '/verify in Spanish');
  await shot(page, 'verify-match-es-390');
  const changed = Buffer.from(pdf);
  changed[100] = changed[100]! ^ 0x01;
  await verifyAt(page, code, changed, { code: 'Código de verificación', file: 'Archivo PDF', verify: 'Verificar' });
  await expect(page.getByTestId('verify-answer')).toHaveText('Este archivo no es el documento firmado.');
  await shot(page, 'verify-changed-byte-es-390');
});
