import { normalizeMoney, normalizeQuantity, normalizeTaxRate } from '../money';
import type { QuoteLine, QuoteVersionContent } from './types';

export type LineField = 'description' | 'quantity' | 'unitPrice' | 'lineTotal' | 'optional';
export type VersionField = 'description' | 'taxRate' | 'validUntil' | 'terms';

export interface FieldChange<Field extends string> {
  field: Field;
  old: string | boolean | null;
  new: string | boolean | null;
}

export interface LineChange<L extends QuoteLine = QuoteLine> {
  key: string;
  /** The line as it is now. */
  line: L;
  changes: FieldChange<LineField>[];
}

/** "What changed" from one version to the next, lines matched by their stable key. */
export interface WhatChanged<L extends QuoteLine = QuoteLine> {
  fromVersion: number;
  toVersion: number;
  added: L[];
  removed: L[];
  changed: LineChange<L>[];
  /** Changes of the version's own fields (tax rate, valid-until, terms, description). */
  fields: FieldChange<VersionField>[];
  total: { old: string; new: string };
}

const lineFields: Record<LineField, (line: QuoteLine) => string | boolean> = {
  description: (l) => l.description,
  quantity: (l) => normalizeQuantity(l.quantity),
  unitPrice: (l) => normalizeMoney(l.unitPrice),
  lineTotal: (l) => normalizeMoney(l.lineTotal),
  optional: (l) => l.optional,
};

const versionFields: Record<VersionField, (v: QuoteVersionContent) => string | null> = {
  description: (v) => v.description,
  taxRate: (v) => normalizeTaxRate(v.taxRate),
  validUntil: (v) => v.validUntil,
  terms: (v) => v.terms,
};

function diff<Field extends string, T>(fields: Record<Field, (value: T) => string | boolean | null>, before: T, after: T) {
  const changes: FieldChange<Field>[] = [];
  for (const field of Object.keys(fields) as Field[]) {
    const [old, now] = [fields[field](before), fields[field](after)];
    if (old !== now) changes.push({ field, old, new: now });
  }
  return changes;
}

/** Lines added, removed and changed (old -> new per field), in the order of the newer version (removed: the older one's). */
export function whatChanged<L extends QuoteLine>(previous: QuoteVersionContent<L>, current: QuoteVersionContent<L>): WhatChanged<L> {
  const before = new Map(previous.lines.map((line) => [line.key, line]));
  const nowKeys = new Set(current.lines.map((line) => line.key));
  const changed: LineChange<L>[] = [];
  const added: L[] = [];
  for (const line of current.lines) {
    const old = before.get(line.key);
    if (!old) {
      added.push(line);
      continue;
    }
    const changes = diff(lineFields, old, line);
    if (changes.length) changed.push({ key: line.key, line, changes });
  }
  return {
    fromVersion: previous.version,
    toVersion: current.version,
    added,
    removed: previous.lines.filter((line) => !nowKeys.has(line.key)),
    changed,
    fields: diff(versionFields, previous, current),
    total: { old: normalizeMoney(previous.total), new: normalizeMoney(current.total) },
  };
}
