import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { QueryStatus } from '../../shared/components/QueryStatus';
import i18n from '../i18n';

const loading = { isPending: true, isError: false, error: null, data: undefined, refetch: () => undefined };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('QueryStatus while loading', () => {
  it("a list shows three quote-shaped cards (number, badge, lines, buttons), busy and named by the spec's loading text", () => {
    render(<QueryStatus query={loading} ns="quotes" logAs="x" empty />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.textContent).toBe('Loading quotes...');
    expect(screen.getByText('Loading quotes...')).toBeInTheDocument();
    const cards = status.querySelectorAll('.skeleton-card');
    expect(cards).toHaveLength(3);
    cards.forEach((card) => {
      expect(card.querySelector('.skeleton-head .skeleton-pill')).not.toBeNull();
      expect(card.querySelectorAll('.skeleton-buttons .skeleton-button')).toHaveLength(2);
    });
    // Not the old single line of text.
    expect(status.tagName).not.toBe('P');
  });

  it("Work Orders: 'Loading work orders...' in English, its Spanish in Spanish", async () => {
    const { rerender } = render(<QueryStatus query={loading} ns="workOrders" logAs="x" empty />);
    expect(screen.getByRole('status').textContent).toBe('Loading work orders...');
    await i18n.changeLanguage('es');
    rerender(<QueryStatus query={loading} ns="workOrders" logAs="x" empty />);
    expect(screen.getByRole('status').textContent).toBe(i18n.t('loading', { ns: 'workOrders' }));
    expect(screen.getByRole('status').textContent).not.toBe('Loading work orders...');
  });

  it('one record (/quotes/:id, /work-orders/:id) shows one document-shaped placeholder', () => {
    render(<QueryStatus query={loading} ns="quotesDetail" logAs="x" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading quote...');
    expect(status.querySelectorAll('.skeleton-document')).toHaveLength(1);
    expect(status.querySelector('.skeleton-document .skeleton-block')).not.toBeNull();
  });

  it('the shapes are hidden from assistive technology', () => {
    render(<QueryStatus query={loading} ns="quotes" logAs="x" empty />);
    expect(screen.getByRole('status').querySelector('.skeleton-items')).toHaveAttribute('aria-hidden', 'true');
  });
});
