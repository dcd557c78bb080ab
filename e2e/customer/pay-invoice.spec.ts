import type { Page } from '@playwright/test';
import { runSql, waitForMail } from '../support/control';
import { expect, test } from '../support/fixtures';
import { E2E_STRIPE_PORT } from '../support/ports';

/**
 * A customer pays an invoice online (contract-spec §3) through the fake Stripe's hosted page
 * (tests/support/fake-stripe, started by the e2e stack): processing until the signed webhook has
 * counted it, then thank you, balance 0, and the receipt e-mail; in Spanish too, at phone width.
 */
/**
 * The fake's 'hold the next webhook' is one switch for the whole stack: two of these tests side by side
 * (four workers) took each other's hold, one saw no 'processing' and the other no 'thank you'. This
 * file's tests run one after the other, in one worker.
 */
test.describe.configure({ mode: 'default' });

const stripeControl = (path: string, body: unknown = {}) =>
  fetch(`http://127.0.0.1:${E2E_STRIPE_PORT}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) });

/** An issued invoice of `email` put in with plain SQL (an Approved quote as its contract). */
async function putInvoice(email: string, total: string): Promise<{ id: number; number: string }> {
  const quote = await runSql<{ id: number }>(
    `INSERT INTO quotes (email, description, total, status) VALUES ($1, 'New deck', $2, 'Approved') RETURNING id`,
    [email, total],
  );
  const invoice = await runSql<{ id: number }>(
    `INSERT INTO invoices (email, quote_id, kind, due_date, subtotal, tax, total, created_by)
     VALUES ($1, $2, 'progress', '2099-12-31', $3, 0, $3, 'e2e') RETURNING id`,
    [email, quote[0]!.id, total],
  );
  const id = Number(invoice[0]!.id);
  await runSql(`INSERT INTO invoice_lines (invoice_id, position, description, amount) VALUES ($1, 1, 'Deck boards and framing', $2)`, [
    id,
    total,
  ]);
  const sent = await runSql<{ number: string }>(`UPDATE invoices SET status = 'Sent' WHERE id = $1 RETURNING number`, [id]);
  return { id, number: sent[0]!.number };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/pay-invoice-${name}.png`, fullPage: true });

test('a customer pays an invoice: processing, then thank you, balance 0 and a receipt e-mail', async ({ page, customer }) => {
  const invoice = await putInvoice(customer.email, '1250.00');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const card = page.getByRole('article', { name: `Invoice ${invoice.number}` });
  await expect(card.getByText('$1,250.00').first()).toBeVisible();
  await expect(card.getByText('Sent')).toBeVisible();
  await shot(page, 'list-en');

  // The webhook waits until the customer is back: they see 'processing' first.
  await stripeControl('next', { mode: 'hold' });
  await card.getByRole('button', { name: /Pay now/ }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText('1250.00 USD');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}\\?payment=`));
  await expect(page.getByText('Your payment is being processed.')).toBeVisible();
  await shot(page, 'processing-en');
  await stripeControl('release');
  await expect(page.getByText('Thank you! Your payment was received.')).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByText('Online (card)')).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  await shot(page, 'thank-you-en');

  const receipt = await waitForMail(customer.email, new RegExp(`Receipt for your payment on invoice ${invoice.number}`));
  expect(receipt.text).toContain('1,250.00');
});

test('en español, a lo ancho de un teléfono: Pagar ahora, ¡Gracias! y saldo 0', async ({ page, customer }) => {
  const invoice = await putInvoice(customer.email, '300.50');
  await page.goto('/');
  await expect(page.getByTestId('balance-due')).toContainText('Balance due: $300.50');
  await page.getByRole('button', { name: 'Español' }).first().click();
  await expect(page.getByTestId('balance-due')).toContainText('Saldo pendiente:');
  // The rest at a phone's width (the language toggle is in the sidebar, folded into 'Menu' there).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturas' })).toBeVisible();
  const card = page.getByRole('article', { name: `Factura ${invoice.number}` });
  await expect(card.getByText('Saldo pendiente')).toBeVisible();
  await shot(page, 'list-es-390');
  await card.getByRole('button', { name: /Pagar ahora/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  // The webhook came before the customer: thank you at once.
  await expect(page.getByText('¡Gracias! Recibimos su pago.')).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toContainText('0.00');
  await shot(page, 'thank-you-es-390');
  await waitForMail(customer.email, new RegExp(`Recibo de su pago de la factura ${invoice.number}`));
});
