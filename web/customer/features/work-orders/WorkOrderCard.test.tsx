import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import i18n from '../../i18n';
import { WorkOrderCard } from './WorkOrderCard';

const order: WorkOrder = {
  id: 31,
  description: 'Backyard deck',
  address: '42 Elm Street',
  status: 'Pending',
  submitted_at: '2026-03-01T15:00:00.000Z',
  request_date: '2026-03-01',
  schedule: null,
  quoteId: null,
};

function renderCard(props: Partial<WorkOrder>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <WorkOrderCard order={{ ...order, ...props }} onCancel={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => i18n.changeLanguage('en'));

describe('WorkOrderCard', () => {
  it("says which quote the order was made from, linking to the quote's page (office-spec section 4)", () => {
    renderCard({ quoteId: 12 });
    const card = screen.getByRole('article', { name: 'Work Order #31' });
    expect(within(card).getByRole('link', { name: 'From Quote #12' })).toHaveAttribute('href', '/quotes/12');
  });

  it('in Spanish: De la cotización #{id}', async () => {
    await i18n.changeLanguage('es');
    renderCard({ quoteId: 12 });
    expect(screen.getByRole('link', { name: 'De la cotización #12' })).toHaveAttribute('href', '/quotes/12');
  });

  it('shows no quote line for an order the customer sent (or one put in with SQL)', () => {
    renderCard({ quoteId: null });
    renderCard({ quoteId: undefined, id: 32 });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText(/From Quote/)).not.toBeInTheDocument();
  });

  it("shows 'Scheduled: …' for a scheduled order, and none once it is Cancelled", () => {
    const schedule = { date: '2026-03-12', from: '08:00', until: '13:30', timeZone: 'America/Chicago' };
    renderCard({ id: 41, status: 'In Progress', schedule });
    renderCard({ id: 42, status: 'Cancelled', schedule });
    const scheduled = screen.getByRole('article', { name: 'Work Order #41' });
    expect(within(scheduled).getByText(/^Scheduled: .*2026, 8:00\sAM–1:30\sPM$/)).toBeInTheDocument();
    const cancelled = screen.getByRole('article', { name: 'Work Order #42' });
    expect(within(cancelled).queryByText(/Scheduled/)).not.toBeInTheDocument();
  });
});
