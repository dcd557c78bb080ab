import { normalizeMoney, normalizeQuantity, normalizeTaxRate } from '../money';
import type { ChangeLine, ChangeOrderFigures } from './types';

export interface ChangeOrderContent extends ChangeOrderFigures {
  quoteId: number;
  number: number;
  reason: string;
  addedDays: number;
  answerBy: string | null;
  taxRate: string;
  lines: readonly ChangeLine[];
}

const figures = (l: { description: string; quantity: string; unitPrice: string; lineTotal: string }) => [
  l.description,
  normalizeQuantity(l.quantity),
  normalizeMoney(l.unitPrice),
  normalizeMoney(l.lineTotal),
];

/**
 * The one text a change order's content hash is taken over (SHA-256 on the server), as for a quote
 * version (domain/quotes/canonical.ts): every figure in its stored form, keys in a fixed order, a
 * format tag first. Whatever the signer saw, the old values of changed lines included, is in it.
 */
export function canonicalChangeOrder(c: ChangeOrderContent): string {
  return JSON.stringify([
    'change-order/1',
    {
      quoteId: c.quoteId,
      number: c.number,
      reason: c.reason,
      addedDays: c.addedDays,
      answerBy: c.answerBy,
      taxRate: normalizeTaxRate(c.taxRate),
      lines: c.lines.map((l) => [l.change, l.key, ...figures(l), l.old ? figures(l.old) : null]),
      subtotalBefore: normalizeMoney(c.subtotalBefore),
      subtotalAfter: normalizeMoney(c.subtotalAfter),
      totalBefore: normalizeMoney(c.totalBefore),
      totalAfter: normalizeMoney(c.totalAfter),
      amount: normalizeMoney(c.amount),
    },
  ]);
}
