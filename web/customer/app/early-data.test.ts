import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDashboard } from '../../../contracts/customer/dashboard';
import { getInvoice } from '../../../contracts/customer/invoices';
import { getQuote } from '../../../contracts/customer/quotes';
import { getWorkOrder } from '../../../contracts/customer/work-orders';
import { callEndpoint } from '../../shared/api/client';
import { createQueryClient } from './App';
import { EARLY_SCREEN_DATA, earlyDataUrl, startEarlyData } from './early-data';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerified: true };

function stubApi(session: unknown) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/auth/get-session' ? json(session) : json({ recentQuotes: [], activeWorkOrders: [], hasRecords: false }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const asked = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => url);

afterEach(() => vi.unstubAllGlobals());

describe('a signed-in screen’s data asked for from the entry', () => {
  it('asks for the same path as the screen’s own query (the endpoint’s contract)', () => {
    expect(EARLY_SCREEN_DATA.map((d) => d.api)).toEqual([getDashboard.path, getQuote.path, getWorkOrder.path, getInvoice.path]);
    expect(earlyDataUrl('/')).toBe('/api/dashboard');
    expect(earlyDataUrl('/quotes/12')).toBe('/api/quotes/12');
    expect(earlyDataUrl('/work-orders/3')).toBe('/api/work-orders/3');
    expect(earlyDataUrl('/invoices/40')).toBe('/api/invoices/40');
    // Not a record number (the page says "not found" without asking), and pages without early data.
    expect(earlyDataUrl('/quotes/abc')).toBeNull();
    expect(earlyDataUrl('/quotes/0')).toBeNull();
    expect(earlyDataUrl('/login')).toBeNull();
    expect(earlyDataUrl('/quotes')).toBeNull();
  });

  it('signed in: asks once the session answers, and the screen’s query takes that answer (no second request)', async () => {
    const fetchMock = stubApi({ user, session: {} });
    startEarlyData(createQueryClient(), '/');
    await vi.waitFor(() => expect(asked(fetchMock)).toEqual(['/api/auth/get-session', '/api/dashboard']));
    const dashboard = await callEndpoint(getDashboard);
    expect(dashboard).toEqual({ recentQuotes: [], activeWorkOrders: [], hasRecords: false });
    expect(asked(fetchMock)).toEqual(['/api/auth/get-session', '/api/dashboard']);
    // Taken once: the next visit asks afresh.
    await callEndpoint(getDashboard);
    expect(asked(fetchMock)).toEqual(['/api/auth/get-session', '/api/dashboard', '/api/dashboard']);
  });

  it('signed out: asks for no data (no 401 in the console)', async () => {
    const fetchMock = stubApi(null);
    const queryClient = createQueryClient();
    startEarlyData(queryClient, '/quotes/5');
    await vi.waitFor(() => expect(queryClient.getQueryState(['session'])?.status ?? 'success').toBe('success'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked(fetchMock)).toEqual(['/api/auth/get-session']);
  });
});
