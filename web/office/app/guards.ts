import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError, callEndpoint } from '../../shared/api/client';
import { getSession } from '../../../contracts/public';
import { officeMeQuery } from '../lib/office-me';
import { publicConfigQuery } from '../../shared/lib/public-config';
import { officePages } from '../../../contracts/pages';

/** Why the sign-in page was opened, in its ?reason= (a redirect from the guard). */
export type LoginReason = 'ended' | 'customer' | 'reset';
export const loginWith = (reason: LoginReason) => `${officePages.login.href()}?reason=${reason}`;

/** A page of the office to come back to after signing in (never another site, never the sign-in page itself). */
export function safeNext(value: string | null): string | null {
  if (!value || !value.startsWith(officePages.inbox.path) || value.startsWith('//') || value.startsWith(officePages.login.href()))
    return null;
  return value;
}

/**
 * The loader of every signed-in office page: no office session -> /office/login (remembering the page);
 * a customer's session -> /office/login, which explains this is not an office account. It also waits
 * for the company's configuration (its time zone).
 */
export const requireOffice =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    try {
      // The company's time zone comes with the configuration: every time on a screen is shown in it
      // (web/shared/format.ts), so no screen renders before it has arrived.
      await Promise.all([
        queryClient.ensureQueryData(officeMeQuery),
        // Without it the screen is shown all the same, its times in the browser's zone (named).
        queryClient.ensureQueryData(publicConfigQuery).catch((err: unknown) => {
          console.warn('the company configuration could not be loaded; times are shown in this browser’s zone', err);
        }),
      ]);
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        const url = new URL(request.url);
        const next = safeNext(url.pathname + url.search);
        throw redirect(
          next && next !== officePages.inbox.href()
            ? `${officePages.login.href()}?next=${encodeURIComponent(next)}`
            : officePages.login.href(),
        );
      }
      if (err instanceof ApiError && err.status === 403) throw redirect(loginWith('customer'));
      throw err;
    }
  };

/**
 * The sign-in page: someone already signed in to the office goes to the Inbox. Better Auth's session
 * answer comes first (null when signed out, not an error): the office's /me, which answers a
 * signed-out browser 401 (a console error on every visit to the sign-in page), is asked only with a session.
 */
export const signedOutOnly = (queryClient: QueryClient) => async () => {
  const session = await callEndpoint(getSession).catch(() => null);
  if (!session) return null;
  const me = await queryClient.ensureQueryData(officeMeQuery).catch(() => null);
  if (me) throw redirect(officePages.inbox.href());
  return null;
};
