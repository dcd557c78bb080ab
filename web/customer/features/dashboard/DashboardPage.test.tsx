import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../../contracts/customer/dashboard';
import type { PublicConfig } from '../../../../contracts/public';
import i18n from '../../i18n';
import { DashboardPage } from './DashboardPage';
import { formatWallTime } from '../../../shared/schedule-text';

const config: PublicConfig = {
  company: {
    name: 'Acme Builders',
    email: 'office@acme.example',
    phones: ['(555) 010-2000', '+1 555 010 2001'],
    address: '1 Way',
    logoUrl: null,
  },
  googleConfigured: false,
  requireEmailVerification: true,
};
let dashboard: Dashboard | 'pending';
beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/dashboard' && dashboard === 'pending') return new Promise<Response>(() => undefined);
      const body = url === '/api/config' ? config : dashboard;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  it('links each row to its record and says what the job is, when it was asked for and when the company comes', async () => {
    dashboard = {
      recentQuotes: [{ id: 12, total: '980.00', status: 'Expired', description: 'New cedar deck' }],
      activeWorkOrders: [
        {
          id: 7,
          request_date: '2026-03-05',
          submitted_at: '2026-03-05T15:00:00.000Z',
          status: 'In Progress',
          description: 'Fix the porch steps',
          schedule: { date: '2026-03-12', from: '08:00', until: '13:30', timeZone: 'America/Chicago' },
          quoteId: null,
        },
      ],
    };
    renderPage();
    const quote = await screen.findByRole('link', { name: /Quote #12/ });
    expect(quote).toHaveAttribute('href', '/quotes/12');
    expect(quote).toHaveTextContent('New cedar deck');
    expect(within(quote).getByText('Expired')).toHaveAttribute('data-color', 'outline');
    const order = screen.getByRole('link', { name: /Work Order #7/ });
    expect(order).toHaveAttribute('href', '/work-orders/7');
    expect(order).toHaveTextContent('Fix the porch steps');
    expect(order).toHaveTextContent('Scheduled: Mar 12, 2026, 8:00 AM–1:30 PM');
    expect(within(order).getByText('In Progress')).toHaveAttribute('data-color', 'yellow');
    expect(screen.queryByRole('heading', { name: 'Welcome!' })).toBeNull();
  });

  it('welcomes a customer with nothing yet, points to Submit Request and shows how to reach the company', async () => {
    dashboard = { recentQuotes: [], activeWorkOrders: [], hasRecords: false };
    renderPage();
    const welcome = await screen.findByRole('region', { name: 'Welcome!' });
    expect(within(welcome).getByRole('link', { name: 'Submit Request' })).toHaveAttribute('href', '/submit-work-order');
    expect(screen.getByText('No quotes available.')).toBeInTheDocument();
    expect(screen.getByText('No active work orders.')).toBeInTheDocument();
    const contact = await screen.findByRole('region', { name: 'Contact us' });
    expect(within(contact).getByRole('link', { name: /\(555\) 010-2000/ })).toHaveAttribute('href', 'tel:5550102000');
    expect(within(contact).getByRole('link', { name: /\+1 555 010 2001/ })).toHaveAttribute('href', 'tel:+15550102001');
    expect(within(contact).getByRole('link', { name: /office@\s?acme\.example/ })).toHaveAttribute('href', 'mailto:office@acme.example');
  });

  it('does not welcome a returning customer whose orders are all Complete or Cancelled: the empty lists say so', async () => {
    dashboard = { recentQuotes: [], activeWorkOrders: [], hasRecords: true };
    renderPage();
    expect(await screen.findByText('No active work orders.')).toBeInTheDocument();
    expect(screen.getByText('No quotes available.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Welcome!' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Welcome!' })).toBeNull();
  });

  it('shows placeholders shaped like the lists while loading, busy and named for a screen reader', async () => {
    dashboard = 'pending';
    renderPage();
    const busy = await screen.findByRole('status');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveTextContent('Loading dashboard...');
    // The contact card comes with the lists, not before them: a balance due or the lists arriving
    // above it would move it down the page (a layout shift).
    expect(screen.queryByRole('region', { name: 'Contact us' })).toBeNull();
  });

  it('writes the arrival window in Spanish as Spanish writes times', async () => {
    await i18n.changeLanguage('es');
    expect(formatWallTime('13:30', 'es', { keepTogether: true })).toMatch(/^1:30\s?p\.\s?m\.$/);
    expect(formatWallTime('08:05', 'en', { keepTogether: true })).toBe('8:05\u00a0AM');
  });
});
