import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetEarly } from '../api/early';

export interface SignOutOptions {
  /** Ends the session on the server (the app's Better Auth client). */
  signOut: () => Promise<{ error: unknown }>;
  /** Forgets what the signed-in person had loaded (and tells whoever must know). */
  forget: (queryClient: QueryClient) => void;
  /** The sign-in page to go to. */
  to: string;
  /** The console line when the server could not end the session (the browser forgets it all the same). */
  failureLog: string;
}

/** Both apps' sign-out: ends the session on the server, forgets every record loaded, goes to the sign-in page. */
export function useSignOut({ signOut, forget, to, failureLog }: SignOutOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await signOut();
    if (error) console.error(failureLog, error);
    forgetEarly();
    forget(queryClient);
    await navigate(to, { replace: true });
  };
}
