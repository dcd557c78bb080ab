import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { customerPages } from '../../../contracts/pages';
import { fetchEarly } from '../../shared/api/early';
import { sessionQuery } from '../features/auth/session';

/**
 * The signed-in screens whose data is asked for from the entry (main.tsx), with the API path their
 * route's query reads (the same as the endpoint's contract: early-data.test.ts checks it). The
 * contracts themselves (zod) are not on the first page, hence the paths here.
 */
export const EARLY_SCREEN_DATA: readonly { page: string; api: string }[] = [
  { page: customerPages.dashboard.path, api: '/api/dashboard' },
  { page: customerPages.quote.path, api: '/api/quotes/:id' },
  { page: customerPages.workOrder.path, api: '/api/work-orders/:id' },
  { page: customerPages.invoice.path, api: '/api/invoices/:id' },
];

/** The API URL of a page's data, or null (not such a screen, or not a record number). */
export function earlyDataUrl(pathname: string): string | null {
  for (const { page, api } of EARLY_SCREEN_DATA) {
    const match = matchPath(page, pathname);
    if (!match) continue;
    const id = match.params.id;
    if (id !== undefined && !/^[1-9]\d{0,14}$/.test(id)) return null;
    return id === undefined ? api : api.replace(':id', id);
  }
  return null;
}

/**
 * Asks for the screen's data as soon as the session says someone is signed in, while the screen's
 * chunks download (the route's loader would ask only once they have run): the screen's query takes
 * the answer (web/shared/api/early.ts). Signed out, nothing is asked (no 401 in the console).
 */
export function startEarlyData(queryClient: QueryClient, pathname: string): void {
  const url = earlyDataUrl(pathname);
  if (!url) return;
  queryClient.fetchQuery(sessionQuery).then(
    (user) => user && fetchEarly(url),
    () => undefined, // the session check reports its own failure (the route guard)
  );
}
