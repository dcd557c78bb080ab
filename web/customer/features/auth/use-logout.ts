import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { broadcastAuthEvent } from '../../lib/auth-channel';
import { paths } from '../../lib/paths';
import { sessionQuery } from './session';

/** Revokes the session on the server, forgets every cached record, tells other tabs, goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) console.error('sign-out failed on the server', error);
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'config' });
    broadcastAuthEvent('signed-out');
    await navigate(paths.login, { replace: true });
  };
}
