import type { Browser, Page } from '@playwright/test';
import { expectNoAxeFindings } from '../support/axe';
import { runSql, waitForMail } from '../support/control';
import { putSentQuote } from '../support/customer-quotes';
import { createCustomer, signIn } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { CONSENT_VERSION } from '../../contracts/signatures';

const headers = { origin: E2E_BASE_URL };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/change-orders/${name}.png`, fullPage: true });

async function customerWithSession(browser: Browser, name: string) {
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  const customer = await createCustomer(customerPage, { name: `${name} ${Date.now().toString(36)}` });
  await signIn(customerPage, customer);
  return { context, customerPage, customer };
}

/** A bathroom quote the customer approved: Demolition $500.00 + Tile 10 × $12.50, no tax: $625.00. */
async function approvedQuote(customerPage: Page, email: string) {
  const quote = await putSentQuote(email, {
    description: 'Bathroom remodel',
    lines: [
      { description: 'Demolition', quantity: '1', unitPrice: '500.00' },
      { description: 'Tile', quantity: '10', unitPrice: '12.50' },
    ],
    taxRate: '0',
  });
  const res = await customerPage.request.post(`/api/quotes/${quote.id}/approve`, {
    headers,
    data: { version: 1, signerName: 'Approver', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
  });
  expect(res.status()).toBe(201);
  return quote.id;
}

test('the office sends a change order adding a line and repricing another; the customer sees what changed and the contract total and approves; a second one expires', async ({
  page,
  owner: _owner,
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, customerPage, customer } = await customerWithSession(browser, 'Carmen');
  const quoteId = await approvedQuote(customerPage, customer.email);

  // The office's quote page: the contract total and 'New change order'.
  await page.goto(`/office/quotes/${quoteId}`);
  const panel = page.getByTestId('office-change-orders');
  await expect(panel.getByTestId('office-contract-total')).toContainText('Contract total: $625.00');
  await panel.getByRole('button', { name: 'New change order' }).click();
  await expect(page).toHaveURL(/\/office\/change-orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Change Order 1 to Quote #${quoteId}` })).toBeVisible();

  // Starts from the contract as signed: reprice the tile, add a line.
  await expect(page.getByLabel('Description of line 1')).toHaveValue('Demolition');
  await page.getByLabel('Unit price of line 2').fill('14.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Description of line 3').fill('Drywall patch');
  await page.getByLabel('Quantity of line 3').fill('2');
  await page.getByLabel('Unit price of line 3').fill('40.00');
  await page.getByLabel('Reason').fill('Rotten drywall found behind the old tile.');
  await page.getByLabel('Added days').fill('2');
  await page.getByLabel('Answer by').fill('2099-01-31');
  await expect(page.getByTestId('editor-amount')).toHaveText('$95.00');
  await expect(page.getByTestId('editor-contract-change')).toHaveText('Contract total: $625.00 → $720.00');
  await expectNoAxeFindings(page, 'office change order editor');
  await shot(page, '1-office-editor');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Send to customer' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(customer.email);
  await confirm.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.locator('.badge[data-status="Sent"]')).toBeVisible();
  await expect(page.getByTestId('office-contract-change')).toHaveText('Contract total: $625.00 → $720.00');
  await shot(page, '2-office-sent');

  const mail = await waitForMail(customer.email, new RegExp(`Change Order 1 to Quote #${quoteId}`));
  expect(mail.text).toContain('Contract total: $625.00 → $720.00');

  // The customer: What changed, the amount, the contract total; approve with the same steps as a quote.
  await customerPage.goto(`/quotes/${quoteId}`);
  const order = customerPage.getByTestId('change-order-1');
  await expect(order.getByRole('heading', { name: `Change Order 1 to Quote #${quoteId}` })).toBeVisible();
  await expect(order.locator('[data-kind="changed"]')).toContainText('Tile');
  await expect(order.locator('[data-kind="changed"]')).toContainText('$125.00');
  await expect(order.locator('[data-kind="changed"]')).toContainText('$140.00');
  await expect(order.locator('[data-kind="added"]')).toContainText('Drywall patch');
  await expect(order.getByTestId('change-amount')).toHaveText('$95.00');
  await expect(order.getByTestId('contract-change')).toHaveText('Contract total: $625.00 → $720.00');
  await expectNoAxeFindings(customerPage, 'customer quote with a change order');
  await shot(customerPage, '3-customer-what-changed');

  await order.getByRole('button', { name: 'Approve' }).click();
  const dialog = customerPage.getByRole('dialog', { name: `Approve Change Order 1 to Quote #${quoteId}` });
  // The electronic consent first, as in a quote's dialog (contract-spec §1): without it nothing is signed.
  await expect(dialog.getByRole('link', { name: /Read the consent/ })).toHaveAttribute('href', '/consent');
  await dialog.getByLabel('Full name').fill('Carmen Ruiz');
  await dialog.getByLabel('I accept this change order and the new contract total').check();
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(dialog.getByText('Please agree to sign electronically.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /I agree to sign electronically/ }).check();
  await shot(customerPage, '4-customer-approve-dialog');
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(customerPage.getByText('Change order approved. Thank you!')).toBeVisible();
  await expect(customerPage.getByTestId('contract-total')).toHaveText('Contract total: $720.00');
  await expect(order.locator('.badge[data-status="Approved"]')).toBeVisible();
  // Its own signed PDF, with the certificate, from the change order's card.
  const signedLink = order.getByRole('link', { name: 'Download signed PDF' });
  await expect(signedLink).toHaveAttribute('download', `quote-${quoteId}-change-order-1-signed.pdf`);
  const signed = await customerPage.request.get((await signedLink.getAttribute('href'))!);
  expect(signed.status()).toBe(200);
  expect((await signed.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The office sees it approved, with the new contract total.
  await page.goto(`/office/quotes/${quoteId}`);
  await expect(page.getByTestId('office-contract-total')).toContainText('Contract total: $720.00');

  // A second change order whose answer-by day has passed: expired, no Approve.
  const created = await page.request.post(`/api/office/quotes/${quoteId}/change-orders`, { headers });
  const { id } = (await created.json()) as { id: number };
  // From the contract as it stands now: drop the drywall patch, add a heated floor.
  const draft = (await (await page.request.get(`/api/office/change-orders/${id}`)).json()) as {
    contractLines: { key: string; description: string; quantity: string; unitPrice: string }[];
  };
  const kept = draft.contractLines.filter((l) => l.description !== 'Drywall patch');
  const saved = await page.request.post(`/api/office/change-orders/${id}`, {
    headers,
    data: {
      reason: 'Heated floor',
      addedDays: 1,
      answerBy: '2099-01-31',
      lines: [
        ...kept.map(({ key, description, quantity, unitPrice }) => ({ key, description, quantity, unitPrice })),
        { description: 'Heated floor mat', quantity: '1', unitPrice: '300.00' },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  expect((await page.request.post(`/api/office/change-orders/${id}/send`, { headers })).status()).toBe(200);
  // Time passes (the freeze trigger set aside for the test's hand only).
  await runSql(`ALTER TABLE change_orders DISABLE TRIGGER change_orders_rules`);
  await runSql(`UPDATE change_orders SET answer_by = current_date - 3 WHERE id = $1`, [id]);
  await runSql(`ALTER TABLE change_orders ENABLE TRIGGER change_orders_rules`);
  await customerPage.reload();
  const expired = customerPage.getByTestId('change-order-2');
  await expect(expired.locator('.badge[data-status="Expired"]')).toBeVisible();
  await expect(expired.getByText('This change order has expired. Ask the office for a new date.')).toBeVisible();
  await expect(expired.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(expired.getByTestId('contract-change')).toHaveText('Contract total: $720.00 → $940.00');
  await shot(customerPage, '5-customer-expired');

  // The work order made from the quote shows the same contract; in Spanish too.
  const [workOrder] = await runSql<{ id: number }>(
    `INSERT INTO work_orders (email, description, address, quote_id) VALUES ($1, 'Bathroom remodel', '1 Main St', $2) RETURNING id`,
    [customer.email, quoteId],
  );
  await customerPage.goto(`/work-orders/${workOrder!.id}`);
  await expect(customerPage.getByTestId('contract-total')).toHaveText('Contract total: $720.00');
  await customerPage.getByRole('button', { name: 'Español' }).click();
  await expect(customerPage.getByTestId('contract-total')).toHaveText(/^Total del contrato: /);
  const vencida = customerPage.getByTestId('change-order-2');
  await expect(vencida.getByRole('heading', { name: `Orden de cambio 2 de la cotización #${quoteId}` })).toBeVisible();
  await expect(vencida.getByText('Esta orden de cambio venció. Pida a la oficina una nueva fecha.')).toBeVisible();
  await expectNoAxeFindings(customerPage, 'customer work order with change orders, Spanish');
  await shot(customerPage, '6-customer-work-order-es');
  await customerPage.getByRole('button', { name: 'English' }).click();
  await context.close();
});
