import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../../../../contracts/customer/work-orders';
import { useCancelWorkOrder } from './cancel-work-order';

const order = (id: number, status: WorkOrder['status']): WorkOrder => ({
  id,
  status,
  description: `Order ${id}`,
  address: '1 Main St',
  submitted_at: '2026-03-01T10:00:00.000Z',
  request_date: '2026-03-01',
});

let answer: { status: number; body: unknown };
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(queryKeys.workOrders.list('All'), [order(2, 'Pending'), order(1, 'Complete')]);
  client.setQueryData(queryKeys.workOrders.list('Pending'), [order(2, 'Pending')]);
  client.setQueryData(queryKeys.dashboard, { recentQuotes: [], activeWorkOrders: [] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, hook: renderHook(() => useCancelWorkOrder(), { wrapper }).result };
}

describe('useCancelWorkOrder', () => {
  it('updates the cached lists in place once the server has cancelled', async () => {
    answer = { status: 200, body: order(2, 'Cancelled') };
    const { client, hook } = setup();
    act(() => hook.current.mutate(2));
    await waitFor(() => expect(hook.current.isSuccess).toBe(true));
    expect(client.getQueryData(queryKeys.workOrders.list('All'))).toEqual([order(2, 'Cancelled'), order(1, 'Complete')]);
    expect(client.getQueryData(queryKeys.workOrders.list('Pending'))).toEqual([]);
    expect(client.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(true);
  });

  it('changes nothing when the server refuses', async () => {
    answer = { status: 409, body: { error: { code: 'not_cancellable', message: 'no' } } };
    const { client, hook } = setup();
    act(() => hook.current.mutate(2));
    await waitFor(() => expect(hook.current.isError).toBe(true));
    expect(client.getQueryData(queryKeys.workOrders.list('All'))).toEqual([order(2, 'Pending'), order(1, 'Complete')]);
    expect(client.getQueryData(queryKeys.workOrders.list('Pending'))).toEqual([order(2, 'Pending')]);
    expect(client.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(false);
  });
});
