import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, useSessionSync } from '../features/auth/session';
import { useLocaleSync } from '../features/auth/use-locale-sync';
import { customerPages } from '../../../contracts/pages';
import { isReturnPath } from '../../../contracts/return-path';
import { useReturnPath } from '../features/auth/return-path';

/** Signed-in screens: nothing while the session is being determined, /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  useSessionSync();
  const session = useSession();
  const location = useLocation();
  useLocaleSync(Boolean(session.data), session.data?.locale);
  if (session.isPending) return <div aria-busy="true" className="session-pending" />;
  if (!session.data) {
    // Keep the query (a confirmation link's ?error=...) so the login page can explain it, and the
    // page itself (an e-mailed quote) so signing in lands there.
    const search = new URLSearchParams(location.search);
    if (isReturnPath(location.pathname)) search.set('next', location.pathname);
    const query = search.toString();
    return <Navigate to={{ pathname: customerPages.login.href(), search: query ? `?${query}` : '' }} replace />;
  }
  return <>{children}</>;
}

/** Login and register: a signed-in customer goes straight to the page asked for, or the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  useSessionSync();
  const session = useSession();
  const next = useReturnPath();
  if (session.isPending) return <div aria-busy="true" className="session-pending" />;
  if (session.data) return <Navigate to={next ?? customerPages.dashboard.href()} replace />;
  return <>{children}</>;
}
