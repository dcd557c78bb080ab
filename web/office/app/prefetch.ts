import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { officeMeQuery } from '../lib/office-me';

/** Starts loading what a screen shows for a URL (a query or the first page of a list). */
export type ScreenPrefetch = (queryClient: QueryClient, url: URL) => Promise<unknown>;

/**
 * A signed-in screen's route loader (react-router's lazy `loader`, loaded beside the screen's chunk):
 * once the office session is known, it starts the screen's data so the chunk and the data load side
 * by side. It does not wait for the data: the screen shows its own loading line and failure message.
 */
export function prefetchScreen(queryClient: QueryClient, loadPrefetch: () => Promise<ScreenPrefetch>) {
  return async (): Promise<LoaderFunction> => {
    const prefetch = await loadPrefetch();
    return async ({ request }) => {
      // Signed out: nothing to fetch; the parent's guard sends them to the sign-in page.
      const me = await queryClient.ensureQueryData(officeMeQuery).catch(() => null);
      // The screen's query reports its own failure: nothing to add here.
      if (me) prefetch(queryClient, new URL(request.url)).catch(() => undefined);
      return null;
    };
  };
}
