import type { Locator, Page } from '@playwright/test';
import { runSql } from '../support/control';
import { expect, test } from '../support/fixtures';

/**
 * An invoice's page at a phone's width (390 px), in English and in Spanish: the payments table's
 * headings stay one line each, no word of a date, method or amount is broken across lines (only a
 * provider's long reference gives way), and nothing runs off the screen sideways.
 */
async function putPaidInPartsInvoice(email: string): Promise<{ id: number; number: string }> {
  const quote = await runSql<{ id: number }>(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'New deck', 2450, 'Approved') RETURNING id`,
    [email],
  );
  const invoice = await runSql<{ id: number }>(
    `INSERT INTO invoices (email, quote_id, kind, due_date, subtotal, tax, total, created_by)
     VALUES ($1, $2, 'progress', '2099-12-31', 2450, 0, 2450, 'e2e') RETURNING id`,
    [email, quote[0]!.id],
  );
  const id = Number(invoice[0]!.id);
  await runSql(`INSERT INTO invoice_lines (invoice_id, position, description, amount) VALUES ($1, 1, 'Deck boards and framing', 2450)`, [
    id,
  ]);
  const sent = await runSql<{ number: string }>(`UPDATE invoices SET status = 'Sent' WHERE id = $1 RETURNING number`, [id]);
  const check = await runSql<{ id: number }>(
    `INSERT INTO payments (invoice_id, amount, method, reference, received_at) VALUES ($1, 1000, 'check', 'Check 1042', '2026-11-05T12:00:00Z') RETURNING id`,
    [id],
  );
  await runSql(
    `INSERT INTO payments (invoice_id, amount, method, reference, received_at) VALUES ($1, 500, 'bank_transfer', 'Wire 20261120 Banco Nacional', '2026-11-20T12:00:00Z')`,
    [id],
  );
  await runSql(
    `INSERT INTO payments (invoice_id, amount, method, reference, received_at, provider, provider_event_id)
     VALUES ($1, 700, 'online', 'pi_test_3da8c60fa74ae64bf8d8cbdc', '2026-11-22T18:00:00Z', 'stripe', $2)`,
    [id, `evt_phone_${id}`],
  );
  await runSql(
    `INSERT INTO payments (invoice_id, amount, method, received_at, refunded_payment_id) VALUES ($1, 100, 'check', '2026-11-23T12:00:00Z', $2)`,
    [id, check[0]!.id],
  );
  return { id, number: sent[0]!.number };
}

/** Words of the cells (or headings) that the browser broke across two lines. */
function brokenWords(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A reference (a provider's long id) may break anywhere.
        if (node.parentElement?.closest('.reference, .payment-reference-inline')) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}

/** On how many lines each cell's text is drawn. */
function lineCounts(cells: Locator): Promise<number[]> {
  return cells.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    }),
  );
}

async function expectReadable(page: Page) {
  const payments = page.locator('table.invoice-payments');
  await expect(payments.getByRole('row')).toHaveCount(5);
  expect(await brokenWords(payments.locator('th'))).toEqual([]);
  expect(await brokenWords(payments.locator('td'))).toEqual([]);
  // Each heading and each date on one line; the reference, folded under the method, still shown.
  expect(await lineCounts(payments.locator('th:visible'))).toEqual([1, 1, 1]);
  expect(await lineCounts(payments.locator('td:first-child'))).toEqual([1, 1, 1, 1]);
  await expect(payments.locator('.payment-reference-inline', { hasText: 'pi_test_3da8c60fa74ae64bf8d8cbdc' })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = (await payments.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test('at 390 px the payments received read without words broken, in English and in Spanish', async ({ page, customer }) => {
  const invoice = await putPaidInPartsInvoice(customer.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments received' })).toContainText('Check · Refund');
  await expect(page.getByTestId('invoice-balance')).toHaveText('$350.00');
  await page.screenshot({ path: 'test-results/screenshots/invoice-payments-390-en.png', fullPage: true });
  await expectReadable(page);

  // The language toggle is in the sidebar (folded into 'Menu' at a phone's width): switched at a desktop's.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Español' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Factura ${invoice.number}` })).toBeVisible();
  // Wider than a phone, the reference has its own column again.
  const payments = page.locator('table.invoice-payments');
  await expect(payments.getByRole('columnheader', { name: 'Referencia' })).toBeVisible();
  await expect(payments.locator('td.reference', { hasText: 'pi_test_3da8c60fa74ae64bf8d8cbdc' })).toBeVisible();
  await expect(payments.locator('.payment-reference-inline', { hasText: 'pi_test_3da8c60fa74ae64bf8d8cbdc' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screenshots/invoice-payments-1280-es.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Factura ${invoice.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pagos recibidos' })).toContainText('Transferencia bancaria');
  await page.screenshot({ path: 'test-results/screenshots/invoice-payments-390-es.png', fullPage: true });
  await expectReadable(page);
});
