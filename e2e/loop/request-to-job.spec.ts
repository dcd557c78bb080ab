import fs from 'node:fs/promises';
import sharp from 'sharp';
import { axeViolations } from '../support/axe';
import { runSql } from '../support/control';
import { loopCustomer } from '../support/loop';
import { readPdfText } from '../support/pdf-text';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { propertiesShown } from '../support/office';

/**
 * Issue 22: a work request with a photo becomes a quote ('Create quote' on the request), and the signed
 * quote's work order is the same order, photo and all: the customer never sees a second order. The office
 * is at 1280 px, the customer on a 390 px phone; screenshots in test-results/loop/request/.
 */
/** Clicks a PDF button and reads the downloaded file's text. */
async function pdfText(page: import('@playwright/test').Page, button: import('@playwright/test').Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readPdfText(new Uint8Array(await fs.readFile((await file.path())!)));
}

const shot = (page: import('@playwright/test').Page, name: string) =>
  page.screenshot({ path: `test-results/loop/request/${name}.png`, fullPage: true });

test('a request with a photo becomes a quote, then the same order with the photo (office and customer)', async ({
  page: office,
  owner: _owner,
  browser,
}) => {
  const { page: customerPage, customer, context } = await loopCustomer(browser, 'en', 'Rosa Request');
  // The request as Submit Request sends it: the photo first, then the order naming it.
  const photo = await customerPage.request.post('/api/work-order-photos', {
    headers: { origin: E2E_BASE_URL, 'content-type': 'image/jpeg' },
    data: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2f6fb0' } })
      .jpeg()
      .toBuffer(),
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const photoId = ((await photo.json()) as { id: number }).id;
  const submitted = await customerPage.request.post('/api/work-orders', {
    headers: { origin: E2E_BASE_URL },
    data: { address: '44 Request Road', description: 'Water stain on the kitchen ceiling', photoIds: [photoId] },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const requestId = ((await submitted.json()) as { id: number }).id;

  // 1. The office opens the request and creates its quote: the editor shows the request's address and photo.
  await office.setViewportSize({ width: 1280, height: 900 });
  await office.goto(`/office/work-orders/${requestId}`);
  await office.getByRole('button', { name: 'Create quote' }).click();
  await expect(office).toHaveURL(/\/office\/quotes\/\d+\/edit$/);
  const quoteId = Number(/quotes\/(\d+)\/edit/.exec(office.url())![1]);
  await propertiesShown(office);
  const request = office.getByRole('region', { name: 'Work request' });
  await expect(request).toContainText('44 Request Road');
  await expect(request.getByRole('link', { name: `Work Order #${requestId}` })).toHaveAttribute('href', `/office/work-orders/${requestId}`);
  await expect(request.getByRole('img')).toHaveAttribute('src', `/api/office/work-order-photos/${photoId}/thumbnail`);
  await expect(office.getByLabel('Description', { exact: true })).toHaveValue('Water stain on the kitchen ceiling');
  await office.getByLabel('Description (Line 1)').fill('Repair and repaint the ceiling');
  await office.getByLabel('Unit price ($) (Line 1)').fill('640');
  await office.getByRole('button', { name: 'Add line' }).click();
  await office.getByLabel('Description (Line 2)').fill('Mold-resistant primer');
  await office.getByLabel('Unit price ($) (Line 2)').fill('125.50');
  await office.getByLabel('Optional (Line 2)').check();
  await office.getByLabel('Tax rate (%)').fill('8.25');
  expect(await axeViolations(office)).toEqual([]);
  await shot(office, 'office-editor');
  await office.getByRole('button', { name: 'Send to customer' }).click();
  await office.getByRole('alertdialog').getByRole('button', { name: 'Send to customer' }).click();
  await expect(office.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quoteId} Sent`);
  // The request's Inbox entry closed with the quote sent.
  const [entry] = await runSql<{ done_by: string | null }>(
    `SELECT done_by FROM office_inbox WHERE kind = 'work_request' AND work_order_id = $1`,
    [requestId],
  );
  expect(entry).toEqual({ done_by: 'system' });

  // 2. The customer signs it on the phone.
  await customerPage.goto(`/quotes/${quoteId}`);
  await customerPage.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = customerPage.getByRole('dialog', { name: `Approve Quote #${quoteId}` });
  await approve.getByRole('checkbox', { name: /Mold-resistant primer/ }).check();
  await approve.getByRole('checkbox', { name: /I agree to sign electronically/ }).check();
  await approve.getByLabel('Full name').fill(customer.name);
  await approve.getByRole('checkbox', { name: 'I accept this quote and its terms' }).check();
  await approve.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(customerPage.getByText('Quote approved. Thank you!')).toBeVisible();
  // One signed total everywhere: 640.00 + the chosen 125.50, 8.25 % tax (63.15); the version alone is 692.80.
  await expect(customerPage.locator('.quote-figures').first()).toHaveText('Subtotal$765.50Tax (8.25%)$63.15Total$828.65');
  expect((await pdfText(customerPage, customerPage.getByRole('button', { name: 'Download PDF' }).first())).text).toContain('$828.65');

  // 3. The office makes the work order: it is the request itself.
  await office.reload();
  await expect(office.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quoteId} Approved`);
  await expect(office.locator('.quote-summary')).toContainText('$828.65');
  await expect(office.locator('[data-figure="total"]')).toHaveText('$828.65');
  await expect(office.getByRole('row', { name: /Mold-resistant primer/ })).toContainText('Optional, chosen');
  const officePdf = await pdfText(office, office.getByRole('button', { name: 'Download PDF (version 1)' }));
  expect(officePdf.text).toContain('$828.65');
  expect(officePdf.text).toContain(customer.name);
  expect(officePdf.text).not.toContain('$692.80');
  await shot(office, 'office-quote-approved');
  await office.getByRole('button', { name: 'Create work order' }).click();
  await expect(office.getByText(`Work order #${requestId} created.`)).toBeVisible();
  await office.getByRole('link', { name: `Work order #${requestId}`, exact: true }).click();
  await expect(office).toHaveURL(`/office/work-orders/${requestId}`);
  await expect(office.getByRole('link', { name: `From Quote #${quoteId}` })).toBeVisible();
  await expect(office.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(1);
  await shot(office, 'office-order');

  // 4. The customer has one order, from the quote, with the photo.
  await customerPage.goto('/work-orders');
  const cards = customerPage.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Water stain on the kitchen ceiling');
  await expect(cards.first().getByRole('link', { name: `From Quote #${quoteId}` })).toBeVisible();
  // Its summary PDF carries the quote's signed lines and total.
  const summary = (await pdfText(customerPage, cards.first().getByRole('button', { name: 'Download Summary' }))).text.replace(/\s+/g, ' ');
  for (const part of [`From Quote #${quoteId}`, 'Mold-resistant primer', 'Total $828.65']) expect(summary).toContain(part);
  await customerPage.goto(`/work-orders/${requestId}`);
  // The customer sent it: its history starts with their request, not 'Created from Quote #…'.
  await expect(customerPage.locator('.customer-timeline > li').first()).toContainText('Order submitted');
  const gallery = customerPage.getByRole('list', { name: 'Photos' });
  await expect(gallery.getByRole('link', { name: 'Photo 1 of 1 sent with the request' })).toHaveAttribute(
    'href',
    `/api/work-order-photos/${photoId}`,
  );
  await shot(customerPage, 'customer-order');
  await context.close();
});
