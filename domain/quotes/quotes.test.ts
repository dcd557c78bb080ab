import { describe, expect, it } from 'vitest';
import { canonicalVersion } from './canonical';
import { whatChanged } from './changes';
import {
  canMove,
  customerMayMove,
  effectiveStatus,
  isFrozenQuote,
  quoteChanged,
  quoteExpired,
  quoteStatuses,
  revisableStatuses,
} from './statuses';
import type { QuoteLine, QuoteVersionContent } from './types';

const line = (key: string, description: string, quantity: string, unitPrice: string, lineTotal: string, optional = false): QuoteLine => ({
  key,
  description,
  quantity,
  unitPrice,
  lineTotal,
  optional,
});

const v1: QuoteVersionContent = {
  quoteId: 7,
  version: 1,
  description: 'Deck',
  lines: [
    line('a', 'Boards', '20', '12.50', '250.00'),
    line('b', 'Railing', '1', '400.00', '400.00'),
    line('c', 'Stain', '2', '35.00', '70.00', true),
  ],
  taxRate: '8.25',
  subtotal: '650.00',
  tax: '53.63',
  total: '703.63',
  validUntil: '2026-06-30',
  terms: 'Half up front.',
};
const v2: QuoteVersionContent = {
  ...v1,
  version: 2,
  lines: [
    line('a', 'Boards', '20.00', '11.00', '220.00'),
    line('c', 'Stain', '2', '35.00', '70.00', false),
    line('d', 'Stairs', '1', '300', '300.00'),
  ],
  subtotal: '590.00',
  tax: '48.68',
  total: '638.68',
  validUntil: '2026-07-15',
};

describe('quote statuses', () => {
  it('are the spec’s exact strings', () => {
    expect(quoteStatuses).toEqual(['Draft', 'Sent', 'Revision Requested', 'Approved', 'Declined', 'Expired']);
  });
  it('let the customer act on a Sent quote only, and freeze an approved one', () => {
    for (const to of ['Approved', 'Declined'] as const) {
      expect(quoteStatuses.filter((s) => canMove(s, to))).toEqual(['Sent']);
    }
    expect(revisableStatuses).toEqual(['Sent', 'Expired']);
    expect(quoteStatuses.filter((s) => canMove(s, 'Sent'))).toEqual(['Draft', 'Sent', 'Revision Requested', 'Declined', 'Expired']);
    expect(quoteStatuses.filter((s) => quoteStatuses.some((to) => canMove(s, to)))).not.toContain('Approved');
    expect(isFrozenQuote('Approved')).toBe(true);
  });
  it('let the customer approve, decline or ask for a revision of a Sent quote, and ask for a revision of an Expired one', () => {
    const moves = quoteStatuses.flatMap((from) =>
      quoteStatuses.filter((to) => to !== from && customerMayMove(from, to)).map((to) => `${from} -> ${to}`),
    );
    expect(moves).toEqual(['Sent -> Revision Requested', 'Sent -> Approved', 'Sent -> Declined', 'Expired -> Revision Requested']);
    expect(customerMayMove('Pending', 'Approved')).toBe(false);
  });
  it('lets a quote put in with SQL under another status only be sent', () => {
    expect(canMove('Pending', 'Sent')).toBe(true);
    expect(canMove('Pending', 'Approved')).toBe(false);
  });
  it('shows a Sent quote past its valid-until day as Expired', () => {
    expect(effectiveStatus('Sent', '2026-05-01', '2026-05-01')).toBe('Sent');
    expect(effectiveStatus('Sent', '2026-05-01', '2026-05-02')).toBe('Expired');
    expect(effectiveStatus('Approved', '2026-05-01', '2026-05-02')).toBe('Approved');
    expect(effectiveStatus('Sent', null, '2030-01-01')).toBe('Sent');
  });
  it('refuse with the spec’s messages', () => {
    expect(quoteChanged()).toMatchObject({
      kind: 'wrong_state',
      code: 'quote_changed',
      message: 'This quote has changed. Please review the new version.',
    });
    expect(quoteExpired()).toMatchObject({
      kind: 'wrong_state',
      code: 'quote_expired',
      message: 'This quote has expired. Request a revision for an updated quote.',
    });
  });
});

describe('what changed', () => {
  it('matches lines by key: added, removed, changed old -> new per field, and the total', () => {
    const changes = whatChanged(v1, v2);
    expect(changes.fromVersion).toBe(1);
    expect(changes.toVersion).toBe(2);
    expect(changes.added.map((l) => l.description)).toEqual(['Stairs']);
    expect(changes.removed.map((l) => l.description)).toEqual(['Railing']);
    expect(changes.changed).toEqual([
      {
        key: 'a',
        line: v2.lines[0],
        changes: [
          { field: 'unitPrice', old: '12.50', new: '11.00' },
          { field: 'lineTotal', old: '250.00', new: '220.00' },
        ],
      },
      { key: 'c', line: v2.lines[1], changes: [{ field: 'optional', old: true, new: false }] },
    ]);
    expect(changes.fields).toEqual([{ field: 'validUntil', old: '2026-06-30', new: '2026-07-15' }]);
    expect(changes.total).toEqual({ old: '703.63', new: '638.68' });
  });
  it('sees nothing when only the writing of a number differs ("20" and "20.00")', () => {
    const same = whatChanged(v1, { ...v1, version: 2, lines: v1.lines.map((l) => ({ ...l, quantity: `${l.quantity}.0` })) });
    expect([same.added, same.removed, same.changed, same.fields]).toEqual([[], [], [], []]);
  });
  it('matches by key, not description: a renamed line is a change, not a removal', () => {
    const renamed = whatChanged(v1, { ...v1, version: 2, lines: [{ ...v1.lines[0]!, description: 'Cedar boards' }, ...v1.lines.slice(1)] });
    expect(renamed.changed).toEqual([
      { key: 'a', line: expect.anything(), changes: [{ field: 'description', old: 'Boards', new: 'Cedar boards' }] },
    ]);
    expect(renamed.added).toEqual([]);
  });
});

describe('canonical form of a version', () => {
  it('is the same text for the same content however its numbers were written', () => {
    const written = { ...v1, taxRate: '8.250', lines: v1.lines.map((l) => ({ ...l, quantity: `${l.quantity}.00` })) };
    expect(canonicalVersion(written)).toBe(canonicalVersion(v1));
  });
  it('changes with anything the signer saw', () => {
    const base = canonicalVersion(v1);
    const variants: QuoteVersionContent[] = [
      { ...v1, version: 2 },
      { ...v1, terms: 'Half up front!' },
      { ...v1, validUntil: '2026-07-01' },
      { ...v1, taxRate: '8.26' },
      { ...v1, lines: [...v1.lines].reverse() },
      { ...v1, lines: v1.lines.map((l, i) => (i === 2 ? { ...l, optional: false } : l)) },
      { ...v1, lines: v1.lines.map((l, i) => (i === 0 ? { ...l, description: 'Boards ' } : l)) },
    ];
    for (const variant of variants) expect(canonicalVersion(variant)).not.toBe(base);
  });
});
