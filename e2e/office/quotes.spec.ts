import { CONSENT_VERSION } from '../../contracts/signatures';
import type { Browser, Page } from '@playwright/test';
import { runSql, waitForMail } from '../support/control';
import { createCustomer, signIn, type Customer } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';
import { propertiesShown } from '../support/office';

const headers = { origin: E2E_BASE_URL };
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/office-quotes/${name}.png`, fullPage: true });

/** A customer with a portal account, signed in in a browser context of their own. */
async function customerWithSession(browser: Browser, name: string) {
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  const customer = await createCustomer(customerPage, { name: `${name} ${Date.now().toString(36)}` });
  await signIn(customerPage, customer);
  const [row] = await runSql<{ id: number }>(`SELECT id FROM customers WHERE lower(email) = lower($1)`, [customer.email]);
  return { context, customerPage, customer, customerId: Number(row!.id) };
}

/** Line n of the editor. */
const line = (page: Page, n: number) =>
  page
    .getByRole('list')
    .locator('li.quote-line')
    .nth(n - 1);
async function fillLine(page: Page, n: number, description: string, quantity: string, unitPrice: string) {
  await page.getByLabel(`Description (Line ${n})`).fill(description);
  await page.getByLabel(`Quantity (Line ${n})`).fill(quantity);
  await page.getByLabel(`Unit price ($) (Line ${n})`).fill(unitPrice);
}
const figure = (page: Page, name: 'subtotal' | 'tax' | 'total') => page.locator(`[data-figure="${name}"]`).first();

test('write a quote with an optional line, save it, send it; the customer is e-mailed; a new version changes a price and drops a line', async ({
  page,
  owner: _owner,
  browser,
}) => {
  test.slow(); // two versions written, sent and read by the customer: 28-32 s on a loaded machine
  const { context, customerPage, customer } = await customerWithSession(browser, 'Ximena');

  await page.goto('/office/quotes');
  await page.getByRole('link', { name: 'New quote' }).click();
  await expect(page).toHaveURL(/\/office\/quotes\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New quote' })).toBeVisible();

  // Saving without a customer says what is missing, next to the field.
  await fillLine(page, 1, 'Pressure-treated boards', '20', '12.50');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert')).toHaveText('Check the marked fields.');
  await expect(page.getByText('Choose the customer first.')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Find the customer' }).fill(customer.email);
  await page.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: customer.email }).click();
  await expect(page.getByRole('button', { name: 'Change customer' })).toBeFocused();
  await page.getByLabel('Description', { exact: true }).fill('Backyard deck');
  await expect(page.getByLabel('Line total (Line 1)')).toHaveText('$250.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByLabel('Description (Line 2)')).toBeFocused();
  await fillLine(page, 2, 'Railing', '1', '$1,400');
  await page.getByRole('button', { name: 'Add line' }).click();
  await fillLine(page, 3, 'Stain, two coats', '2.5', '35.01');
  await page.getByLabel('Optional (Line 3)').check();
  await expect(page.getByLabel('Line total (Line 3)')).toHaveText('$87.53'); // 87.525 rounded half up
  await page.getByLabel('Tax rate (%)').fill('8.25');
  await page.getByLabel('Valid until').fill('2099-06-30');
  await page.getByLabel('Terms').fill('Half up front, half on completion.');
  // Optional lines stay out of the subtotal: 250 + 1,400; 8.25 % of 1,650 = 136.125.
  await expect(figure(page, 'subtotal')).toHaveText('$1,650.00');
  await expect(figure(page, 'tax')).toHaveText('$136.13');
  await expect(figure(page, 'total')).toHaveText('$1,786.13');

  // A malformed quantity: the contract's message beside the field, nothing sent.
  await page.getByLabel('Quantity (Line 1)').fill('2.555');
  await expect(page.getByLabel('Line total (Line 1)')).toHaveText('—');
  await expect(figure(page, 'total')).toHaveText('—');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(line(page, 1).getByText('Quantity: a number with at most 2 decimals.')).toBeVisible();
  await expect(page.getByLabel('Quantity (Line 1)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Quantity (Line 1)').fill('20');
  await expect(line(page, 1).getByText('Quantity: a number with at most 2 decimals.')).toHaveCount(0);
  await expect(page.getByLabel('Quantity (Line 1)')).not.toHaveAttribute('aria-invalid');
  await shot(page, 'editor-new-1280-en');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/office\/quotes\/\d+\/edit$/);
  const id = Number(/quotes\/(\d+)\/edit/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${id}: version 1 (draft)`);
  await propertiesShown(page);
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page.getByLabel('Unit price ($) (Line 2)')).toHaveValue('1400.00');
  const [draftRow] = await runSql<{ status: string; total: string }>(`SELECT status, total::text FROM quotes WHERE id = $1`, [id]);
  expect(draftRow).toEqual({ status: 'Draft', total: '1786.13' });

  // Reorder: the railing goes first; leaving with the change unsaved asks first.
  await page.getByRole('button', { name: 'Move line 2 up' }).click();
  await expect(page.getByRole('button', { name: 'Move line 1 down' })).toBeFocused();
  await expect(page.getByLabel('Description (Line 1)')).toHaveValue('Railing');
  await page.getByRole('link', { name: `Quote #${id}` }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/office/quotes/${id}/edit$`));

  await page.getByRole('button', { name: 'Send to customer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send quote to customer?', exact: true });
  await expect(confirm).toContainText('$1,786.13');
  await confirm.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/office/quotes/${id}$`));
  await expect(page.getByText('Quote sent to the customer.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${id} Sent`);
  await expect(page.getByRole('heading', { level: 2, name: 'Version 1 (current)' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Railing');
  await expect(page.getByText('Not opened by the customer yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit draft' })).toHaveCount(0);

  const mail = await waitForMail(customer.email, new RegExp(`quote #${id} from`, 'i'));
  expect(mail.text).toContain(`${E2E_BASE_URL}/quotes/${id}`);

  // The customer opens it, then asks for a revision.
  expect((await customerPage.request.get(`/api/quotes/${id}`)).ok()).toBe(true);
  const revision = await customerPage.request.post(`/api/quotes/${id}/revision-requests`, {
    headers,
    data: { message: 'Cheaper boards, and no railing please' },
  });
  expect(revision.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText(/^Viewed /)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${id} Revision Requested`);
  await expect(page.getByRole('region', { name: 'Revision requests' })).toContainText('Cheaper boards, and no railing please');
  await shot(page, 'detail-sent-1280-en');

  await page.getByRole('button', { name: 'New version' }).click();
  await expect(page).toHaveURL(new RegExp(`/office/quotes/${id}/edit$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${id}: version 2 (draft)`);
  await propertiesShown(page);
  await expect(page.getByLabel('Description (Line 1)')).toHaveValue('Railing');
  await page.getByRole('button', { name: 'Remove line 1' }).click();
  await expect(page.getByLabel('Description (Line 1)')).toHaveValue('Pressure-treated boards');
  await page.getByLabel('Unit price ($) (Line 1)').fill('11');
  // 20 × 11 = 220; 8.25 % = 18.15.
  await expect(figure(page, 'total')).toHaveText('$238.15');
  await page.getByRole('button', { name: 'Send to customer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send to customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/office/quotes/${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Version 2 (current)' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(page.locator('.quote-summary')).toContainText('$238.15');
  const [sent] = await runSql<{ status: string; total: string; current_version: number }>(
    `SELECT status, total::text, current_version FROM quotes WHERE id = $1`,
    [id],
  );
  expect(sent).toEqual({ status: 'Sent', total: '238.15', current_version: 2 });
  // Version 1 stays viewable, as it was sent.
  await page.getByRole('button', { name: 'Version 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Version 1', exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Railing');
  await expect(page.locator('.version-document [data-figure="total"]')).toHaveText('$1,786.13');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(3); // Sent, Revision Requested, Sent (putting the quote in is not a change)

  await waitForMail(customer.email, new RegExp(`Quote #${id} has a new version`));

  // The audit log has the quote's create, send and version rows.
  const audit = await page.request.get(`/api/office/audit?entity=quote&entityId=${id}&limit=50`);
  expect(audit.ok()).toBe(true);
  const actions = ((await audit.json()) as { entries: { action: string; actorEmail: string }[] }).entries.map((e) => e.action);
  for (const action of ['create-quote', 'save-quote-draft', 'send-quote', 'new-quote-version']) expect(actions).toContain(action);
  await page.goto(`/office/audit?entity=quote&entityId=${id}`);
  await expect(page.getByText(/Started a new version/).first()).toBeVisible();
  await expect(page.getByText(/Sent the quote/).first()).toBeVisible();
  await context.close();
});

test('an approved quote shows the signature and makes a linked work order', async ({ page, owner: _owner, browser }) => {
  const { context, customerPage, customer, customerId } = await customerWithSession(browser, 'Olga');
  const created = await page.request.post('/api/office/quotes', {
    headers,
    data: {
      customerId,
      description: 'Fence',
      lines: [
        { description: 'Cedar panels', quantity: '10', unitPrice: '45.00' },
        { description: 'Gate', quantity: '1', unitPrice: '250', optional: true },
      ],
      taxRate: '7.5',
      validUntil: '2099-01-31',
      terms: 'Net 30.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quote = (await created.json()) as { id: number; versions: { lines: { id: number; optional: boolean }[] }[] };
  expect((await page.request.post(`/api/office/quotes/${quote.id}/send`, { headers, data: {} })).ok()).toBe(true);
  const gate = quote.versions[0]!.lines.find((l) => l.optional)!.id;
  const approve = await customerPage.request.post(`/api/quotes/${quote.id}/approve`, {
    headers,
    data: {
      version: 1,
      optionalItemIds: [gate],
      signerName: customer.name,
      accepted: true,
      consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
    },
  });
  expect(approve.status(), await approve.text()).toBe(201);
  await context.close();

  await page.goto('/office/quotes?status=Approved');
  await page.getByRole('link', { name: `Quote #${quote.id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quote.id} Approved`);
  const decision = page.getByRole('region', { name: 'Approvals and declines' }).getByRole('listitem');
  await expect(decision).toContainText(customer.name);
  await expect(decision).toContainText('Gate');
  // (450 + 250) + 7.5 % = 752.50
  await expect(decision).toContainText('$752.50');
  const [hash] = await runSql<{ content_hash: string }>(`SELECT content_hash FROM quote_approvals WHERE quote_id = $1`, [quote.id]);
  await expect(decision).toContainText(hash!.content_hash.slice(0, 12));
  await expect(page.getByRole('button', { name: 'New version' })).toHaveCount(0);
  // The signed PDF's link is drawn as the button beside it: the same border and height, no underline.
  const signedPdf = page.getByRole('link', { name: 'Download signed PDF' });
  const versionPdf = page.getByRole('button', { name: 'Download PDF (version 1)' });
  await expect(signedPdf).toHaveCSS('border-top-style', 'solid');
  await expect(signedPdf).toHaveCSS('text-decoration-line', 'none');
  expect((await signedPdf.boundingBox())!.height).toBe((await versionPdf.boundingBox())!.height);
  await shot(page, 'detail-approved-1280-en');

  await page.getByRole('button', { name: 'Create work order' }).click();
  await expect(page.getByText(/^Work order #\d+ created\.$/)).toBeVisible();
  const [order] = await runSql<{ id: number; status: string; email: string }>(
    `SELECT id, status, email FROM work_orders WHERE quote_id = $1`,
    [quote.id],
  );
  await expect(page.getByText(`Work order #${order!.id} created.`)).toBeVisible();
  expect(order).toMatchObject({ status: 'Pending', email: customer.email });
  await expect(page.getByRole('button', { name: 'Create work order' })).toHaveCount(0);
  await page.getByRole('link', { name: `Work order #${order!.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/office/work-orders/${order!.id}$`));

  // The customer's page lists the quote with a link to it.
  await page.goto(`/office/customers/${customerId}`);
  await page.getByRole('link', { name: `Quote #${quote.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/office/quotes/${quote.id}$`));
  await expect(page.getByRole('link', { name: `Work order #${order!.id}` })).toBeVisible();
});

async function sentQuoteFor(page: Page, customer: Customer, customerId: number) {
  const created = await page.request.post('/api/office/quotes', {
    headers,
    data: {
      customerId,
      description: 'Baño',
      lines: [
        { description: 'Azulejo', quantity: '12.5', unitPrice: '18.40' },
        { description: 'Mampara', quantity: '1', unitPrice: '320', optional: true },
      ],
      taxRate: '8.25',
      validUntil: '2099-03-31',
      terms: 'Pago al terminar.',
    },
  });
  expect(created.status(), `${customer.email}: ${await created.text()}`).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/office/quotes/${id}/send`, { headers, data: {} })).ok()).toBe(true);
  return id;
}

test('in Spanish, at 1280 and 390 px: the editor and the quote page', async ({ page, owner: _owner, browser }) => {
  const { context, customerPage, customer, customerId } = await customerWithSession(browser, 'Lucía');
  const id = await sentQuoteFor(page, customer, customerId);
  expect((await customerPage.request.get(`/api/quotes/${id}`)).ok()).toBe(true);
  await context.close();
  await page.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/office/quotes');
    await page.getByRole('link', { name: 'Nueva cotización' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva cotización' })).toBeVisible();
    for (const label of ['Buscar al cliente', 'Descripción', 'Tasa de impuesto (%)', 'Válida hasta', 'Términos']) {
      await expect(page.getByLabel(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByLabel('Opcional (Partida 1)')).toBeVisible();
    await fillLine2(page);
    await expect(page.getByRole('button', { name: 'Guardar borrador' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar al cliente' })).toBeVisible();
    await shot(page, `editor-new-${width}-es`);
    // Unsaved: the sidebar asks first (in Spanish), and leaving is allowed.
    await page.goto(`/office/quotes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cotización #${id} Enviada`);
    await expect(page.getByText(/^Vista /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva versión' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Versión 1 (actual)' })).toBeVisible();
    await expect(page.getByText('Opcional').first()).toBeVisible();
    // 12.5 × 18.40 = 230.00; 8.25 % = 18.98 (18.975)
    await expect(page.locator('.quote-summary')).toContainText('248.98');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `detail-${width}-es`);
  }
});

async function fillLine2(page: Page) {
  await page.getByLabel('Descripción (Partida 1)').fill('Azulejo');
  await page.getByLabel('Cantidad (Partida 1)').fill('1.5');
  await page.getByLabel('Precio unitario ($) (Partida 1)').fill('10.01');
  await expect(page.getByLabel('Total de la partida (Partida 1)')).toHaveText('$15.02'); // 15.015 rounded half up
}

test('at 390 px in English: the editor fits the phone', async ({ page, owner: _owner }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/office/quotes/new');
  await fillLine(page, 1, 'Gutter cleaning', '3', '85');
  await page.getByRole('button', { name: 'Add line' }).click();
  await fillLine(page, 2, 'Downspout', '1', '120');
  await page.getByLabel('Optional (Line 2)').check();
  await expect(figure(page, 'total')).toHaveText('$255.00');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'editor-new-390-en');
});
