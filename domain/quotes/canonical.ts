import { normalizeMoney, normalizeQuantity, normalizeTaxRate } from '../money';
import type { QuoteVersionContent } from './types';

/**
 * The one text a version's content hash is taken over (the server hashes it with SHA-256): every
 * figure normalised to its stored form ("2.5" and "2.50" are the same quantity), keys in a fixed
 * order, lines in their shown order. A format tag leads, so a later change of this layout cannot be
 * mistaken for a changed quote. Whatever the signer saw is in it, so the hash ties a signature to it.
 */
export function canonicalVersion(v: QuoteVersionContent): string {
  return JSON.stringify([
    'quote-version/1',
    {
      quoteId: v.quoteId,
      version: v.version,
      description: v.description,
      lines: v.lines.map((l) => [
        l.key,
        l.description,
        normalizeQuantity(l.quantity),
        normalizeMoney(l.unitPrice),
        normalizeMoney(l.lineTotal),
        l.optional,
      ]),
      taxRate: normalizeTaxRate(v.taxRate),
      subtotal: normalizeMoney(v.subtotal),
      tax: normalizeMoney(v.tax),
      total: normalizeMoney(v.total),
      validUntil: v.validUntil,
      terms: v.terms,
      // Only when there is one: a version without a deposit keeps the hash it always had
      // (docs/decisions/204-deposit-in-content-hash.md).
      ...(v.depositPercent ? { depositPercent: v.depositPercent } : {}),
    },
  ]);
}
