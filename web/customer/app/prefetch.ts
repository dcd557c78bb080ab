import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { sessionQuery } from '../features/auth/session';
import { preloadSignedInShell } from './SignedInLayout';

/** The query a screen shows for a URL (e.g. the Work Orders list of its ?status= filter). */
export type ScreenQuery<T, Key extends QueryKey> = (url: URL) => EnsureQueryDataOptions<T, Error, T, Key>;

/**
 * A signed-in screen's route loader (react-router's lazy `loader`, loaded beside the screen's chunk):
 * once the session says someone is signed in, it starts the screen's query with the query client, so
 * the data and the chunk load side by side. It does not wait for the data: the screen shows its own
 * loading line, and its own message with "Try again" when the load fails. Stale data is fetched again
 * (revalidateIfStale), as every visit always did; the page itself adds no request on mount.
 */
export function prefetchScreen<T, Key extends QueryKey>(queryClient: QueryClient, loadScreenQuery: () => Promise<ScreenQuery<T, Key>>) {
  return async (): Promise<LoaderFunction> => {
    const screenQuery = await loadScreenQuery();
    return async ({ request }) => {
      // Signed out (or the session check failed): nothing to fetch; the route guard sends them to /login.
      const session = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
      if (session) {
        preloadSignedInShell();
        // The screen's query reports its own failure: nothing to add here.
        queryClient.ensureQueryData({ ...screenQuery(new URL(request.url)), revalidateIfStale: true }).catch(() => undefined);
      }
      return null;
    };
  };
}
