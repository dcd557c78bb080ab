import type { Page } from '@playwright/test';
import { runSql, waitForMail } from '../support/control';
import { expect, test, uniqueEmail, type Customer } from '../support/fixtures';
import { readPdfText } from '../support/pdf-text';

const OFFICE = 'office@northwind-builders.example';
const FOOTER = ['Northwind Builders (demo)', '(555) 010-2000', '(555) 010-2001', OFFICE, '100 Example Avenue, Springfield, ST 00000'];

/** Puts a quote in with plain SQL, as the office would. */
async function insertQuote(email: string, q: { description: string; createdAt: string; total: string; status: string }): Promise<number> {
  const [row] = await runSql<{ id: number }>(
    'INSERT INTO quotes (email, description, created_at, total, status) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [email, q.description, q.createdAt, q.total, q.status],
  );
  return Number(row!.id);
}

/** Changes a quote's status with plain SQL, as the office would (the database logs it), then dates that log row. */
async function changeStatus(quoteId: number, status: string, timestamp: string) {
  await runSql('UPDATE quotes SET status = $2 WHERE id = $1', [quoteId, status]);
  await runSql('UPDATE quote_status_log SET "timestamp" = $2 WHERE id = (SELECT max(id) FROM quote_status_log WHERE quote_id = $1)', [
    quoteId,
    timestamp,
  ]);
}

/** Two quotes of the customer (stored in upper case: still theirs) and one of someone else. */
async function seedQuotes(customer: Customer) {
  const older = await insertQuote(customer.email.toUpperCase(), {
    description: 'Kitchen remodel',
    createdAt: '2026-01-05T15:00:00Z',
    total: '1234.5',
    status: 'Pending',
  });
  const newer = await insertQuote(customer.email, {
    description: 'New cedar deck',
    createdAt: '2026-03-01T15:00:00Z',
    total: '980',
    status: 'Sent',
  });
  const foreign = await insertQuote(uniqueEmail('neighbour'), {
    description: 'Neighbour secret quote',
    createdAt: '2026-04-01T15:00:00Z',
    total: '5',
    status: 'Pending',
  });
  // The office writes the first status of what it puts in by hand; the database logs each change after.
  await runSql(`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES ($1, 'Pending', $3), ($2, 'Sent', $4)`, [
    older,
    newer,
    '2026-01-05T15:00:00Z',
    '2026-03-01T15:00:00Z',
  ]);
  await changeStatus(newer, 'Approved', '2026-03-03T15:00:00Z');
  return { older, newer, foreign };
}

const card = (page: Page, id: number) => page.getByRole('article', { name: `Quote #${id}` });

test('lists the customer’s quotes newest first, with status history, and nobody else’s', async ({ page, customer }) => {
  const { older, newer } = await seedQuotes(customer);
  await page.goto('/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Quotes' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([`Quote #${newer}`, `Quote #${older}`]);
  await expect(page.getByText('Neighbour secret quote')).toHaveCount(0);

  const first = card(page, newer);
  await expect(first).toContainText('New cedar deck');
  await expect(first).toContainText('Mar 1, 2026');
  await expect(first).toContainText('$980.00');
  await expect(first.locator('.badge')).toHaveText('Approved');
  await expect(first.locator('.badge')).toHaveAttribute('data-color', 'green');
  const history = first.getByRole('region', { name: 'Status History' });
  await expect(history.getByRole('listitem')).toHaveText([/Sent\s*Mar 1, 2026/, /Approved\s*Mar 3, 2026/]);

  const second = card(page, older);
  await expect(second).toContainText('$1,234.50');
  await expect(second.locator('.badge')).toHaveAttribute('data-color', 'yellow');
  // Its only status so far, written by the office with the quote.
  await expect(second.getByRole('region', { name: 'Status History' }).getByRole('listitem')).toHaveText([/Pending\s*Jan 5, 2026/]);
  await expect(second.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Request Revision' })).toBeVisible();
});

test('says when there are no quotes yet', async ({ page, customer }) => {
  await insertQuote(uniqueEmail('other'), { description: 'Not yours', createdAt: '2026-01-01T00:00:00Z', total: '1', status: 'Pending' });
  await page.goto('/quotes');
  await expect(page.getByText('No quotes available yet.')).toBeVisible();
  await expect(page.getByText(`Logged in as ${customer.email}`)).toBeVisible();
});

test('revision request: modal, Escape, blank does nothing, then stored and e-mailed to the office', async ({ page, customer }) => {
  const { older } = await seedQuotes(customer);
  await page.goto('/quotes');
  const opener = card(page, older).getByRole('button', { name: 'Request Revision' });

  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Request Revision for Quote #${older}` });
  await expect(dialog).toBeVisible();
  const box = dialog.getByPlaceholder('Describe the changes you need...');
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await box.fill('   ');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeVisible();
  expect(await runSql('SELECT id FROM quote_requests WHERE quote_id = $1', [older])).toHaveLength(0);

  // Tab stays inside the dialog.
  await dialog.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Tab');
  await expect(box).toBeFocused();

  await box.fill('Please use oak cabinets instead of pine.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Revision request submitted and emailed.');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const stored = await runSql<{ email: string; message: string; requested_at: string }>(
    'SELECT email, message, requested_at FROM quote_requests WHERE quote_id = $1',
    [older],
  );
  expect(stored).toEqual([expect.objectContaining({ email: customer.email, message: 'Please use oak cabinets instead of pine.' })]);

  const mail = await waitForMail(OFFICE, new RegExp(`Revision request for Quote #${older}\\b`));
  expect(mail.replyTo).toContain(customer.email);
  for (const part of [`Quote #${older}`, customer.name, customer.email, 'Please use oak cabinets instead of pine.']) {
    expect(mail.text).toContain(part);
  }

  await opener.click();
  await expect(box).toHaveValue('');
});

test('a failed revision request says so and keeps the text', async ({ page, customer }) => {
  const { newer } = await seedQuotes(customer);
  await page.route('**/api/quotes/*/revision-requests', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }),
  );
  await page.goto('/quotes');
  await card(page, newer).getByRole('button', { name: 'Request Revision' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Describe the changes you need...').fill('Cheaper railing?');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to submit request.');
  await expect(dialog.getByPlaceholder('Describe the changes you need...')).toHaveValue('Cheaper railing?');
});

test('Download PDF saves quote-{id}.pdf with title, id, total, description and footer; jsPDF loads only then', async ({
  page,
  customer,
}) => {
  const { older } = await seedQuotes(customer);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/quotes');
  await expect(card(page, older)).toBeVisible();
  expect(scripts.some((url) => /jspdf/i.test(url))).toBe(false);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card(page, older).getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`quote-${older}.pdf`);
  expect(scripts.some((url) => /jspdf/i.test(url))).toBe(true);
  const { text } = await readPdfText(await download.path());
  for (const part of ['Official Quote', `Quote #${older}`, 'Pending', 'Jan 5, 2026', '$1,234.50', 'Kitchen remodel', ...FOOTER]) {
    expect(text).toContain(part);
  }
});

test('in Spanish: the screen, the dialog and the PDF have no English left', async ({ page, customer }) => {
  const { older, newer } = await seedQuotes(customer);
  await page.goto('/quotes');
  await expect(card(page, newer)).toBeVisible();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cotizaciones' })).toBeVisible();
  const esCard = page.getByRole('article', { name: `Cotización #${newer}` });
  await expect(esCard).toContainText('1 mar 2026');
  await expect(esCard.getByRole('region', { name: 'Historial de estados' })).toContainText('Enviada');
  await esCard.getByRole('button', { name: 'Solicitar revisión' }).click();
  const dialog = page.getByRole('dialog', { name: `Solicitar revisión de la cotización #${newer}` });
  await expect(dialog.getByPlaceholder('Describa los cambios que necesita...')).toBeVisible();

  const visible = await page.locator('body').innerText();
  const english = [
    'Quotes',
    'Quote #',
    'Download PDF',
    'Request Revision',
    'Status History',
    'Created',
    'Approved',
    'Pending',
    'Sent',
    'Cancel',
    'Submit',
    'Describe the changes',
    'Loading',
    'Logout',
    'Dashboard',
    'Work Orders',
  ];
  for (const word of english) expect(visible).not.toMatch(new RegExp(`\\b${word}\\b`));
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('article', { name: `Cotización #${older}` })
      .getByRole('button', { name: 'Descargar PDF' })
      .click(),
  ]);
  const { text } = await readPdfText(await download.path());
  for (const part of ['Cotización oficial', `Cotización #${older}`, 'Pendiente', '5 ene 2026', '$1,234.50']) expect(text).toContain(part);
  expect(text).not.toContain('Official Quote');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the quotes and the revision dialog fit the screen', async ({ page, customer }) => {
    const { newer } = await seedQuotes(customer);
    await page.goto('/quotes');
    await card(page, newer).getByRole('button', { name: 'Request Revision' }).click();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
