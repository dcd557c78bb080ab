import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, useSessionSync } from '../features/auth/session';
import { useLocaleSync } from '../features/auth/use-locale-sync';
import { paths } from '../lib/paths';

/** Signed-in screens: nothing while the session is being determined, /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  useSessionSync();
  const session = useSession();
  const location = useLocation();
  useLocaleSync(Boolean(session.data), session.data?.locale);
  if (session.isPending) return <div aria-busy="true" className="session-pending" />;
  if (!session.data) {
    // Keep the query (a confirmation link's ?error=...) so the login page can explain it.
    return <Navigate to={{ pathname: paths.login, search: location.search }} replace />;
  }
  return <>{children}</>;
}

/** Login and register: a signed-in customer goes straight to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  useSessionSync();
  const session = useSession();
  if (session.isPending) return <div aria-busy="true" className="session-pending" />;
  if (session.data) return <Navigate to={paths.dashboard} replace />;
  return <>{children}</>;
}
