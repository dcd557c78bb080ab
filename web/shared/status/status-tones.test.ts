import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteStatuses } from '../../../domain/quotes/statuses';
import { workOrderStatuses } from '../../../domain/work-orders';
import {
  invoiceStatusTones,
  legacyQuoteStatusTones,
  quoteStatusTones,
  statusTone,
  workOrderStatusTones,
  type StatusTone,
} from './status-tones';

const css = fs.readFileSync(path.join(import.meta.dirname, '..', 'base.css'), 'utf8');
const token = (name: string) => {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!match) throw new Error(`no --${name} in base.css`);
  return match[1]!;
};
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('status tones', () => {
  it("give each invoice status of contract-spec §3 (and 'Overdue') its own tone", () => {
    expect(Object.keys(invoiceStatusTones).sort()).toEqual(['Draft', 'Overdue', 'Paid', 'Partially Paid', 'Sent', 'Void']);
    expect(new Set(Object.values(invoiceStatusTones)).size).toBe(6);
    expect(statusTone('invoice', 'Overdue')).toBe('red');
    expect(statusTone('invoice', 'Something else')).toBe('grey');
  });

  it('give every quote status of the office spec and every work order status its own tone within its domain', () => {
    expect(Object.keys(quoteStatusTones).sort()).toEqual([...quoteStatuses].sort());
    expect(Object.keys(workOrderStatusTones).sort()).toEqual([...workOrderStatuses].sort());
    const quoteTones = quoteStatuses.map((s) => statusTone('quote', s));
    expect(new Set(quoteTones).size).toBe(quoteTones.length);
    const orderTones = workOrderStatuses.map((s) => statusTone('workOrder', s));
    expect(new Set(orderTones).size).toBe(orderTones.length);
  });

  it("keep the portal spec's colours (quotes: green if Approved, yellow otherwise; work orders: Pending grey on every screen), and Declined and Expired off yellow", () => {
    expect(statusTone('quote', 'Pending')).toBe('yellow');
    expect(statusTone('quote', 'Sent')).toBe('yellow');
    expect(statusTone('quote', 'Awaiting site visit')).toBe('yellow');
    expect(statusTone('workOrder', 'Pending')).toBe('grey');
    expect(statusTone('quote', 'Declined')).not.toBe('yellow');
    expect(statusTone('quote', 'Expired')).not.toBe('yellow');
    expect(statusTone('quote', 'Rejected')).toBe(statusTone('quote', 'Declined'));
    expect(statusTone('quote', 'Approved')).toBe(statusTone('workOrder', 'Complete'));
    expect(statusTone('workOrder', 'Someone typed this')).toBe('grey');
    expect(statusTone('quote', 'toString')).toBe('yellow');
    // Without a domain: the same tone as in its own domain.
    for (const status of [...quoteStatuses, ...workOrderStatuses, 'Rejected'].filter((s) => s !== 'Pending')) {
      const own = status in workOrderStatusTones ? statusTone('workOrder', status) : statusTone('quote', status);
      expect(statusTone(undefined, status), status).toBe(own);
    }
  });

  it('have an AA contrast (4.5:1) between the text and background of every tone, and a class in base.css', () => {
    const used = new Set<StatusTone>([
      ...Object.values(quoteStatusTones),
      ...Object.values(legacyQuoteStatusTones),
      ...Object.values(workOrderStatusTones),
    ]);
    for (const tone of used) {
      expect(contrast(token(`${tone}-text`), token(`${tone}-bg`)), tone).toBeGreaterThanOrEqual(4.5);
      expect(css, tone).toContain(`.badge.${tone} {`);
    }
  });
});
