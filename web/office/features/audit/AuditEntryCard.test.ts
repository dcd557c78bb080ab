import { describe, expect, it } from 'vitest';
import { changesOf } from './AuditEntryCard';

const wording = { yes: 'yes', no: 'no', moment: (iso: string) => `at ${iso.slice(0, 10)}` };

describe('changesOf', () => {
  it('pairs each field with its value before and after, readably', () => {
    expect(
      changesOf({ before: { phone: '555-0100', account_number: null }, after: { phone: '555-0200', account_number: 'NWB-1' } }, wording),
    ).toMatchObject([
      { key: 'phone', before: '555-0100', after: '555-0200' },
      { key: 'account_number', before: '—', after: 'NWB-1' },
    ]);
  });

  it('shows what only one side has, yes/no and moments in words, and anything else as JSON', () => {
    expect(
      changesOf({ before: null, after: { twoFactor: true, linkExpiresAt: '2026-11-24T08:50:35.000Z', extra: { a: 1 } } }, wording),
    ).toMatchObject([
      { key: 'twoFactor', before: null, after: 'yes' },
      { key: 'linkExpiresAt', before: null, after: 'at 2026-11-24' },
      { key: 'extra', before: null, after: '{"a":1}' },
    ]);
  });

  it("words a status in the page's language, and only the status field", () => {
    const spanish = { ...wording, status: (status: string) => ({ Pending: 'Pendiente', 'In Progress': 'En progreso' })[status] ?? status };
    expect(changesOf({ before: { status: 'Pending' }, after: { status: 'In Progress', description: 'Pending' } }, spanish)).toMatchObject([
      { key: 'status', before: 'Pendiente', after: 'En progreso' },
      { key: 'description', before: null, after: 'Pending' },
    ]);
  });
});
