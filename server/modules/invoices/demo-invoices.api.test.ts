import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerInvoiceListSchema } from '../../../contracts/customer/invoices';
import { formatCents, parseCents } from '../../../domain/money';
import { putDemoInvoices } from '../../../scripts/demo-invoices';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

/** The demo's invoices (scripts/demo-invoices.ts, run by `npm run demo`) as the demo customer opens them. */
let portal: TestPortal;
let cookie: string;
const EMAIL = 'demo@northwind-builders.example';

beforeAll(async () => {
  portal = await createTestPortal();
  cookie = await portal.signUp(EMAIL, { name: 'Dana Demo' });
  await portal.db.transaction().execute((trx) => putDemoInvoices(trx, EMAIL, portal.config));
});
afterAll(() => portal?.close());

describe('the demo invoices', () => {
  it('a paid deposit, an open progress invoice and an overdue one', async () => {
    const list = customerInvoiceListSchema.parse(await (await portal.request('/api/invoices', { cookie })).json());
    const summary = list.invoices.map((i) => [i.kind, i.status, i.overdue]).sort();
    expect(summary).toEqual([
      ['deposit', 'Paid', false],
      ['progress', 'Sent', false],
      ['progress', 'Sent', true],
    ]);
    const open = list.invoices.filter((i) => i.status === 'Sent');
    expect(list.balanceDue).toBe(formatCents(parseCents(open[0]!.balanceDue) + parseCents(open[1]!.balanceDue)));
  });
});
