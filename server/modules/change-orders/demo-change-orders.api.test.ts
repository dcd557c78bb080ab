import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSchema } from '../../../contracts/change-order-document';
import { quoteListSchema } from '../../../contracts/customer/quotes';
import { putDemoChangeOrders } from '../../../scripts/demo-change-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

/** The demo's contract (scripts/demo-change-orders.ts, run by `npm run demo`) as the demo customer opens it. */
let portal: TestPortal;
let cookie: string;
const EMAIL = 'demo@northwind-builders.example';

beforeAll(async () => {
  portal = await createTestPortal();
  cookie = await portal.signUp(EMAIL, { name: 'Dana Demo' });
  await portal.db.transaction().execute((trx) => putDemoChangeOrders(trx, EMAIL, portal.config));
});
afterAll(() => portal?.close());

describe('the demo change orders', () => {
  it('an approved quote with one approved and one pending change order; the contract total adds the approved one only', async () => {
    const list = quoteListSchema.parse(await (await portal.request('/api/quotes', { cookie })).json());
    const basement = list.quotes.find((q) => q.description.startsWith('Basement finishing'))!;
    expect(basement.status).toBe('Approved');
    const contract = contractSchema.parse(await (await portal.request(`/api/quotes/${basement.id}/change-orders`, { cookie })).json());
    expect(contract.changeOrders.map((c) => [c.number, c.status, c.outdated])).toEqual([
      [1, 'Approved', false],
      [2, 'Sent', false],
    ]);
    const [first, second] = contract.changeOrders;
    expect(first!.lines.map((l) => l.change).sort()).toEqual(['added', 'changed']);
    expect(contract.contractTotal).toBe(first!.totalAfter);
    expect(second!.totalBefore).toBe(first!.totalAfter);
  });
});
