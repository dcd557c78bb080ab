import type { WorkOrder } from '../../../../contracts/customer/work-orders';

/** How far back an order with the same text counts as "already sent a few minutes ago". */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * The text as it counts for "the same request": Unicode-normalized, trimmed, runs of whitespace as
 * one space, letter case ignored. "  Leak under the SINK " and "leak under  the sink" are the same.
 */
export function sameRequestText(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The customer's newest order that looks like the request about to be sent: same description and
 * same address (as sameRequestText reads them), not Cancelled, and submitted within the window of
 * `now`. The order's time is the server's (submitted_at); `now` is the browser's clock, so an order
 * that looks up to one window "in the future" (a browser clock behind the server's) counts as well.
 */
export function findRecentDuplicate(
  draft: { address: string; description: string },
  orders: readonly WorkOrder[],
  now: number,
  windowMs: number = DUPLICATE_WINDOW_MS,
): WorkOrder | null {
  const address = sameRequestText(draft.address);
  const description = sameRequestText(draft.description);
  let newest: WorkOrder | null = null;
  let newestAt = -Infinity;
  for (const order of orders) {
    if (order.status === 'Cancelled') continue;
    const at = Date.parse(order.submitted_at);
    if (Number.isNaN(at) || Math.abs(now - at) > windowMs) continue;
    if (sameRequestText(order.description) !== description || sameRequestText(order.address) !== address) continue;
    if (at > newestAt) {
      newest = order;
      newestAt = at;
    }
  }
  return newest;
}
