import { formatCents, lineTotal, normalizeMoney, normalizeQuantity, parseCents, taxCents } from '../money';
import type { ChangeLine, ChangeOrderFigures, ContractLine } from './types';

/**
 * The contract total: the signed total plus the approved change orders' amounts, in cents. The
 * database's contract_total_of (server/platform/db/sql/change-orders.sql) is the definition every page
 * reads; this one is for the editor's preview, and the parity test runs both on many cases.
 */
export function contractTotal(signedTotal: string, approvedAmounts: readonly string[]): string {
  return formatCents(approvedAmounts.reduce((sum, amount) => sum + parseCents(amount), parseCents(signedTotal)));
}

/** The contract's lines after an approved change order: removed lines go, changed ones take their new values, added ones follow. */
export function applyChangeOrder(contract: readonly ContractLine[], changes: readonly ChangeLine[]): ContractLine[] {
  const byKey = new Map(changes.map((c) => [c.key, c]));
  const kept = contract
    .filter((line) => byKey.get(line.key)?.change !== 'removed')
    .map((line) => {
      const change = byKey.get(line.key);
      return change?.change === 'changed' ? plain(change) : line;
    });
  return [...kept, ...changes.filter((c) => c.change === 'added').map(plain)];
}

const plain = ({ key, description, quantity, unitPrice, lineTotal }: ContractLine): ContractLine => ({
  key,
  description,
  quantity,
  unitPrice,
  lineTotal,
});

const sameLine = (a: ContractLine, b: ContractLine) =>
  a.description === b.description &&
  normalizeQuantity(a.quantity) === normalizeQuantity(b.quantity) &&
  normalizeMoney(a.unitPrice) === normalizeMoney(b.unitPrice);

/** What the editor's lines change in the contract, matched by key: in the editor's order, removed lines last. */
export function changeLinesBetween(contract: readonly ContractLine[], edited: readonly Omit<ContractLine, 'lineTotal'>[]): ChangeLine[] {
  const before = new Map(contract.map((line) => [line.key, line]));
  const kept = new Set<string>();
  const changes: ChangeLine[] = [];
  for (const line of edited) {
    const priced: ContractLine = { ...line, lineTotal: lineTotal(line.quantity, line.unitPrice) };
    const old = before.get(line.key);
    if (!old) {
      changes.push({ ...priced, change: 'added', old: null });
      continue;
    }
    kept.add(line.key);
    if (!sameLine(old, priced)) changes.push({ ...priced, change: 'changed', old: plain(old) });
  }
  for (const line of contract) if (!kept.has(line.key)) changes.push({ ...plain(line), change: 'removed', old: null });
  return changes;
}

/** The lines' change to the subtotal, in cents: added lines count, removed ones are taken off, changed ones by their difference. */
export function subtotalChangeCents(changes: readonly Pick<ChangeLine, 'change' | 'lineTotal' | 'old'>[]): bigint {
  return changes.reduce((sum, c) => {
    const cents = parseCents(c.lineTotal);
    if (c.change === 'added') return sum + cents;
    if (c.change === 'removed') return sum - cents;
    return sum + cents - parseCents(c.old!.lineTotal);
  }, 0n);
}

/**
 * The figures of a change order against the contract's subtotal and tax rate: the tax is taken on
 * the whole contract before and after (round half-up to cents), so the approved amounts add up to the
 * total of the contract's lines, as the signed total did.
 */
export function changeOrderFigures(subtotalBefore: string, taxRate: string, changes: readonly ChangeLine[]): ChangeOrderFigures {
  const before = parseCents(subtotalBefore);
  const after = before + subtotalChangeCents(changes);
  const totalBefore = before + taxCents(before, taxRate);
  const totalAfter = after + taxCents(after, taxRate);
  return {
    subtotalBefore: formatCents(before),
    subtotalAfter: formatCents(after),
    totalBefore: formatCents(totalBefore),
    totalAfter: formatCents(totalAfter),
    amount: formatCents(totalAfter - totalBefore),
  };
}

/** The contract's subtotal: the sum of its lines. */
export const contractSubtotal = (lines: readonly ContractLine[]): string =>
  formatCents(lines.reduce((sum, line) => sum + parseCents(line.lineTotal), 0n));
