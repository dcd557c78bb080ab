import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import './i18n';

/** A JSON answer per request, by "METHOD path" (the query string ignored); unknown requests answer 404. */
export type Answers = Record<
  string,
  { status?: number; body: unknown } | ((init: RequestInit | undefined, url: string) => { status?: number; body: unknown })
>;

/** Stubs fetch (what callEndpoint calls) and records every request. */
export function stubFetch(answers: Answers) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const found = answers[`${method} ${url.split('?')[0]}`];
      const answer = typeof found === 'function' ? found(init, url) : found;
      if (!answer) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

/** Renders routes in a memory router with a fresh query client (no retries), at `url`. */
export function renderRoutes(routes: RouteObject[], url: string, seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seed?.(client);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

export const at = (path: string, element: ReactElement): RouteObject => ({ path, element });
