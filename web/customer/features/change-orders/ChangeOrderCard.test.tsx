import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeOrderView } from '../../../../contracts/change-order-document';
import type { People } from '../../../../contracts/customer/people';
import i18n from '../../i18n';
import { queryKeys } from '../../lib/query-keys';
import { ChangeOrderCard } from './ChangeOrderCard';

const order: ChangeOrderView = {
  id: 5,
  quoteId: 9,
  number: 1,
  status: 'Sent',
  reason: 'Rot behind the wall',
  addedDays: 2,
  answerBy: '2099-06-30',
  lines: [{ key: 'k1', description: 'Extra post', quantity: '1.00', unitPrice: '45.00', lineTotal: '45.00', change: 'added', old: null }],
  amount: '45.00',
  totalBefore: '700.00',
  totalAfter: '745.00',
  sentAt: '2026-03-02T16:00:00.000Z',
  contentHash: 'abc',
  outdated: false,
  decision: null,
};

/** The card as the signed-in person with `role` sees it (GET /api/people already answered). */
function renderAs(role: People['you']['role'], view: ChangeOrderView = order) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<People>(queryKeys.people, { you: { email: 'me@example.com', role }, accountEmail: 'owner@example.com', people: [] });
  return render(
    <QueryClientProvider client={client}>
      <ChangeOrderCard order={view} />
    </QueryClientProvider>,
  );
}

beforeEach(() => i18n.changeLanguage('en'));

describe('a change order waiting for an answer', () => {
  it('offers Approve and Decline to the owner and to a person who can approve and pay', () => {
    for (const role of ['owner', 'approve_and_pay'] as const) {
      const { unmount } = renderAs(role);
      const card = screen.getByTestId('change-order-1');
      expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
      expect(screen.queryByTestId('view-only-notice')).toBeNull();
      unmount();
    }
  });

  it('offers neither to a view-only person, and says why (decision 245), in Spanish too', async () => {
    const { unmount } = renderAs('view_only');
    const card = screen.getByTestId('change-order-1');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByTestId('view-only-notice')).toHaveTextContent(
      "You have view-only access to this account: you can see everything, but approving, paying, cancelling and requesting are for the account's owner or a person who can approve and pay.",
    );
    // What changed is still all there.
    expect(card).toHaveTextContent('Extra post');
    unmount();
    await i18n.changeLanguage('es');
    renderAs('view_only');
    expect(screen.getByTestId('view-only-notice')).toHaveTextContent('Tiene acceso de solo lectura a esta cuenta');
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
  });

  it('an answered change order shows no notice to a view-only person: there is nothing to do', () => {
    renderAs('view_only', {
      ...order,
      status: 'Approved',
      decision: {
        decision: 'Approved',
        signerName: 'Olivia',
        reason: null,
        decidedAt: '2026-03-03T10:00:00.000Z',
        contentHash: 'abc',
        pdfSha256: null,
      },
    });
    expect(screen.queryByTestId('view-only-notice')).toBeNull();
  });
});
