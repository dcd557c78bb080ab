import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../contracts/office/audit';
import i18n from '../../i18n';
import { AuditEntryCard } from './AuditEntryCard';

const line = (description: string, quantity: string, unitPrice: string) => ({
  key: `k-${description}`,
  description,
  quantity,
  unitPrice,
  optional: false,
});
const entry = {
  id: 1,
  at: '2026-11-22T21:05:00.000Z',
  actorEmail: 'sam@company.example',
  action: 'save-quote-draft',
  entity: 'quote',
  entityId: '7',
  ip: null,
  before: { version: 1, description: 'Deck', lines: [line('Boards', '20', '12.50')], total: '250.00' },
  after: { version: 1, description: 'Deck', lines: [line('Boards', '20', '11.00'), line('Stain', '2', '35.00')], total: '290.00' },
} as unknown as AuditEntry;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('AuditEntryCard', () => {
  it('shows line items as a table on each side, and unchanged values plainly, once', () => {
    render(<AuditEntryCard entry={entry} />);
    const changes = screen.getByRole('list', { name: 'Values before and after' });
    const tables = within(changes).getAllByRole('table');
    expect(tables).toHaveLength(2);
    const [before, after] = tables as [HTMLElement, HTMLElement];
    expect(
      within(before)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Description', 'Quantity', 'Unit price', 'Optional']);
    expect(
      within(after)
        .getAllByRole('row')
        .map((tr) => tr.textContent),
    ).toEqual(['DescriptionQuantityUnit priceOptional', 'Boards2011.00no', 'Stain235.00no']);
    const description = within(changes).getByText('Description:').closest('li')!;
    expect(description).toHaveTextContent('Description: Deck (unchanged)');
    expect(description.querySelector('.old, .new')).toBeNull();
    const total = within(changes).getByText('Total:').closest('li')!;
    expect(total.querySelector('.old')).toHaveTextContent('250.00');
    expect(total.querySelector('.new')).toHaveTextContent('290.00');
  });
});
