import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { runSql } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { expect, test } from '../support/fixtures';
import { readPdfText } from '../support/pdf-text';

/** A company's logo as a deployment would serve it (COMPANY_LOGO): an SVG, which the PDF draws as an image. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1f4e79"/><rect x="28" y="36" width="8" height="14" fill="#f2b84b"/></svg>';

/**
 * The PDFs a company would send (issue 14): on the deployment's paper (US Letter unless PDF_PAPER_SIZE=a4),
 * for the customer by name and postal address, the total boxed, 'Page n of m', in the portal's language.
 */

const deck = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Railing', quantity: '1', unitPrice: '400' },
  ],
  taxRate: '8.25',
  validUntil: '2099-06-30',
  terms: 'Half up front, half on completion.',
};
// 650.00 + 8.25 % tax (53.63) = 703.63
const DECK_TOTAL = '$703.63';

const LETTER = [612, 792];
const A4 = [595.28, 841.89];

const insertOrder = async (email: string) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO work_orders (email, description, address, status, submitted_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [email, 'Replace the back porch steps.', '88 Lakeside Drive', 'Pending', '2026-04-10T15:00:00Z'],
      )
    )[0]!.id,
  );
const insertSqlQuote = async (email: string) =>
  Number(
    (
      await runSql<{ id: number }>(
        `INSERT INTO quotes (email, description, created_at, total, status) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [email, 'Paint the fence', '2026-01-05T15:00:00Z', '1234.50', 'Pending'],
      )
    )[0]!.id,
  );

interface SavedPdf {
  name: string;
  bytes: Uint8Array;
  /** The text on one line, runs of white space as one space. */
  text: string;
  pages: number;
  /** The first page's MediaBox width and height, in points. */
  size: number[];
}

async function download(page: Page, button: Locator): Promise<SavedPdf> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = new Uint8Array(await fs.readFile((await file.path())!));
  const { text, pages } = await readPdfText(bytes);
  const box = /\/MediaBox \[([^\]]+)\]/.exec(Buffer.from(bytes).toString('latin1'))?.[1] ?? '';
  const [, , width, height] = box.trim().split(/\s+/).map(Number);
  return { name: file.suggestedFilename(), bytes, text: text.replace(/\s+/g, ' '), pages: pages.length, size: [width!, height!] };
}

function expectPaper(pdf: SavedPdf, [width, height]: number[]) {
  expect(pdf.size[0]).toBeCloseTo(width!, 1);
  expect(pdf.size[1]).toBeCloseTo(height!, 1);
}

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/**
 * Draws a PDF's first page with pdf.js in a page of its own and saves it as a PNG, to be looked at
 * (test-results/pdf-documents/). pdf.js and the fonts come from node_modules through a routed origin.
 */
async function savePreview(page: Page, pdf: SavedPdf, name: string) {
  const preview = await page.context().newPage();
  await preview.setViewportSize({ width: 900, height: 1200 });
  await preview.route('http://pdf-preview.test/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<body style="margin:0"><canvas id="page"></canvas>' });
    if (pathname === '/document.pdf') return route.fulfill({ contentType: 'application/pdf', body: Buffer.from(pdf.bytes) });
    const file = pathname.startsWith('/fonts/')
      ? path.join(pdfjsDir, 'standard_fonts', path.basename(pathname))
      : path.join(pdfjsDir, 'build', path.basename(pathname));
    return route.fulfill({
      contentType: pathname.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream',
      body: await fs.readFile(file),
    });
  });
  await preview.goto('http://pdf-preview.test/');
  await preview.evaluate(async () => {
    const pdfjs = (await import('/pdf.mjs' as string)) as typeof import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
    const doc = await pdfjs.getDocument({ url: '/document.pdf', standardFontDataUrl: '/fonts/' }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.4 });
    const canvas = document.getElementById('page') as HTMLCanvasElement;
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await first.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
  });
  await preview.locator('#page').screenshot({ path: `test-results/pdf-documents/${name}.png` });
  await preview.close();
}

test('in English, on US Letter: the quote and the work order are for the customer by name and address, with the total boxed', async ({
  page,
  customer,
}) => {
  test.slow(); // pdf.js draws the preview in a page of its own
  const { id } = await putSentQuote(customer.email, deck);
  await page.goto(`/quotes/${id}`);
  const quote = await download(page, page.getByRole('article', { name: `Quote #${id}` }).getByRole('button', { name: 'Download PDF' }));
  expect(quote.name).toBe(`quote-${id}.pdf`);
  expectPaper(quote, LETTER);
  for (const part of [
    'Official Quote',
    `Quote #${id}`,
    // The box beside the title, then the customer's block (the profile's name, address, e-mail and phone).
    `Total ${DECK_TOTAL} PREPARED FOR ${customer.name} ${customer.address} ${customer.email} ${customer.phone}`,
    'Status Sent',
    'Version 1',
    `Total ${DECK_TOTAL}`,
    'Page 1 of 1',
  ]) {
    expect(quote.text).toContain(part);
  }
  await savePreview(page, quote, 'quote-letter-en');

  const orderId = await insertOrder(customer.email);
  await page.goto('/work-orders');
  const order = await download(
    page,
    page.getByRole('article', { name: `Work Order #${orderId}` }).getByRole('button', { name: 'Download Summary' }),
  );
  expect(order.name).toBe(`workorder-${orderId}.pdf`);
  expectPaper(order, LETTER);
  for (const part of [
    'Work Order Summary',
    `CUSTOMER ${customer.name} ${customer.address}`,
    'Address 88 Lakeside Drive',
    'Replace the back porch steps.',
    'Page 1 of 1',
  ]) {
    expect(order.text).toContain(part);
  }
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });
  test('the quote and the work order are Spanish throughout, on US Letter', async ({ page, customer }) => {
    const { id } = await putSentQuote(customer.email, deck);
    await page.goto(`/quotes/${id}`);
    const quote = await download(
      page,
      page.getByRole('article', { name: `Cotización #${id}` }).getByRole('button', { name: 'Descargar PDF' }),
    );
    expectPaper(quote, LETTER);
    for (const part of [
      'Cotización oficial',
      `Total ${DECK_TOTAL} PREPARADA PARA ${customer.name} ${customer.address}`,
      'Estado Enviada',
      'Versión 1',
      'Partida Cant. Precio unitario Importe',
      'Términos',
      'Tel. ',
      'Página 1 de 1',
    ]) {
      expect(quote.text).toContain(part);
    }
    for (const english of ['Official Quote', 'Prepared', 'Status', 'Version', 'Line items', 'Terms', 'Phone', 'Page']) {
      expect(quote.text).not.toContain(english);
    }

    const orderId = await insertOrder(customer.email);
    await page.goto('/work-orders');
    const order = await download(
      page,
      page.getByRole('article', { name: `Orden de trabajo #${orderId}` }).getByRole('button', { name: 'Descargar resumen' }),
    );
    expectPaper(order, LETTER);
    for (const part of [
      'Resumen de orden de trabajo',
      `CLIENTE ${customer.name} ${customer.address}`,
      'Estado Pendiente',
      'Dirección 88 Lakeside Drive',
      'Página 1 de 1',
    ]) {
      expect(order.text).toContain(part);
    }
    for (const english of ['Work Order', 'Customer', 'Status', 'Pending', 'Address', 'Description', 'Page']) {
      expect(order.text).not.toContain(english);
    }
  });
});

test('on A4 with the company logo when the deployment is configured so (PDF_PAPER_SIZE=a4, COMPANY_LOGO)', async ({ page, customer }) => {
  test.slow(); // pdf.js draws the preview in a page of its own
  // The e2e server runs with the defaults; the browser is told what a server with PDF_PAPER_SIZE=a4 and a logo says.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { pdfPaperSize: string; company: { logoUrl: string | null } };
    expect(config.pdfPaperSize).toBe('letter');
    await route.fulfill({
      response,
      json: { ...config, pdfPaperSize: 'a4', company: { ...config.company, logoUrl: '/uploads/company-logo.svg' } },
    });
  });
  await page.route('**/uploads/company-logo.svg', (route) => route.fulfill({ contentType: 'image/svg+xml', body: LOGO_SVG }));
  const quoteId = await insertSqlQuote(customer.email);
  await page.goto('/quotes');
  const quote = await download(
    page,
    page.getByRole('article', { name: `Quote #${quoteId}` }).getByRole('button', { name: 'Download PDF' }),
  );
  expectPaper(quote, A4);
  expect(Buffer.from(quote.bytes).toString('latin1')).toContain('/Subtype /Image');
  for (const part of [
    'Official Quote',
    `Total $1,234.50 PREPARED FOR ${customer.name} ${customer.address}`,
    'Paint the fence',
    'Page 1 of 1',
  ]) {
    expect(quote.text).toContain(part);
  }
  await savePreview(page, quote, 'quote-a4-logo');

  const orderId = await insertOrder(customer.email);
  await page.goto('/work-orders');
  const order = await download(
    page,
    page.getByRole('article', { name: `Work Order #${orderId}` }).getByRole('button', { name: 'Download Summary' }),
  );
  expectPaper(order, A4);
  expect(order.text).toContain(`CUSTOMER ${customer.name}`);
});
