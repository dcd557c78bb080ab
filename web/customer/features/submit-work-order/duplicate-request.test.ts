import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { DUPLICATE_WINDOW_MS, findRecentDuplicate, sameRequestText } from './duplicate-request';

const now = Date.parse('2026-05-04T15:00:00.000Z');
const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();

const order = (id: number, overrides: Partial<WorkOrder> = {}): WorkOrder => ({
  id,
  description: 'Water is leaking under the kitchen sink.',
  address: '42 Elm Street, Springfield',
  status: 'Pending',
  submitted_at: minutesAgo(3),
  request_date: '2026-05-04',
  ...overrides,
});

const draft = { address: '42 Elm Street, Springfield', description: 'Water is leaking under the kitchen sink.' };

describe('findRecentDuplicate', () => {
  it('finds an order with the same description and address sent a few minutes ago', () => {
    expect(findRecentDuplicate(draft, [order(7)], now)?.id).toBe(7);
  });

  it('ignores letter case, surrounding spaces and runs of whitespace in both fields', () => {
    const typed = { address: '  42 ELM street,   Springfield ', description: '\twater is leaking UNDER the kitchen\nsink. ' };
    expect(findRecentDuplicate(typed, [order(7)], now)?.id).toBe(7);
  });

  it('another description or another address is another request', () => {
    expect(findRecentDuplicate({ ...draft, description: 'Water is leaking under the bathroom sink.' }, [order(7)], now)).toBeNull();
    expect(findRecentDuplicate({ ...draft, address: '44 Elm Street, Springfield' }, [order(7)], now)).toBeNull();
  });

  it('counts only the last 10 minutes', () => {
    expect(DUPLICATE_WINDOW_MS).toBe(600_000);
    expect(findRecentDuplicate(draft, [order(7, { submitted_at: minutesAgo(10) })], now)?.id).toBe(7);
    expect(findRecentDuplicate(draft, [order(7, { submitted_at: minutesAgo(10.01) })], now)).toBeNull();
    expect(findRecentDuplicate(draft, [order(7, { submitted_at: minutesAgo(60 * 24) })], now)).toBeNull();
  });

  it("an order that looks a little 'in the future' (the browser's clock behind the server's) still counts", () => {
    expect(findRecentDuplicate(draft, [order(7, { submitted_at: minutesAgo(-2) })], now)?.id).toBe(7);
    expect(findRecentDuplicate(draft, [order(7, { submitted_at: minutesAgo(-11) })], now)).toBeNull();
  });

  it('a cancelled order does not count; any other status does', () => {
    expect(findRecentDuplicate(draft, [order(7, { status: 'Cancelled' })], now)).toBeNull();
    expect(findRecentDuplicate(draft, [order(7, { status: 'In Progress' })], now)?.id).toBe(7);
  });

  it('answers the newest of several matches', () => {
    const orders = [
      order(5, { submitted_at: minutesAgo(8) }),
      order(9, { submitted_at: minutesAgo(1) }),
      order(6, { submitted_at: minutesAgo(4) }),
    ];
    expect(findRecentDuplicate(draft, orders, now)?.id).toBe(9);
  });

  it('nothing to compare with: no duplicate', () => {
    expect(findRecentDuplicate(draft, [], now)).toBeNull();
  });
});

describe('sameRequestText', () => {
  it('reads composed and decomposed accents alike', () => {
    expect(sameRequestText('Calle Ma\u0301laga 5')).toBe(sameRequestText('calle málaga 5'));
  });
});
