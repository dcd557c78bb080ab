import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { customerPages } from '../../../../contracts/pages';
import { SubmitWorkOrderPage } from './SubmitWorkOrderPage';

/** Component tests only: the API the Submit Request page calls, answered per call. */
export interface StubAnswers {
  /** GET /api/profile */
  profile: { status: number; body: unknown };
  /** GET /api/work-orders (the duplicate check) */
  workOrders: { status: number; body: unknown };
  /** POST /api/work-orders */
  submit: { status: number; body: unknown };
  /** GET /api/properties (by default none answered: the page asks for the address alone) */
  properties?: { status: number; body: unknown };
}

export const createdOrder: WorkOrder = {
  id: 41,
  description: 'Leak',
  address: '1 Main St',
  status: 'Pending',
  submitted_at: '2026-03-01T10:00:00.000Z',
  request_date: '2026-03-01',
};

export const profileWithAddress = (address: string | null) => ({
  name: 'Maria Lopez',
  email: 'maria@example.com',
  phone: null,
  address,
  account_number: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

const json = ({ status, body }: { status: number; body: unknown }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers the page's three calls from `answers` (change them between steps); stub it with vi.stubGlobal. */
export function stubApi(answers: Partial<StubAnswers> = {}) {
  const current: StubAnswers = {
    profile: { status: 200, body: profileWithAddress(null) },
    workOrders: { status: 200, body: { workOrders: [] } },
    submit: { status: 201, body: createdOrder },
    ...answers,
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/profile' && method === 'GET') return json(current.profile);
    if (url === '/api/work-orders' && method === 'GET') return json(current.workOrders);
    if (url === '/api/work-orders' && method === 'POST') return json(current.submit);
    if (url === '/api/properties' && method === 'GET' && current.properties) return json(current.properties);
    return json({ status: 404, body: { error: { code: 'not_found', message: `No stub for ${method} ${url}` } } });
  });
  /** The bodies of the orders posted, as sent. */
  const posted = () =>
    fetchMock.mock.calls.filter(([url, init]) => url === '/api/work-orders' && init?.method === 'POST').map(([, init]) => init!.body);
  return { answers: current, fetchMock, posted };
}

/** The page at /submit-work-order in a router (its links), with a fresh query client; the order page is a stand-in. */
export function renderSubmitPage(prepare?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prepare?.(client);
  const router = createMemoryRouter(
    [
      { path: customerPages.submitWorkOrder.path, element: <SubmitWorkOrderPage /> },
      { path: '/work-orders/:id', element: <p>Order page</p> },
    ],
    { initialEntries: [customerPages.submitWorkOrder.href()] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}
