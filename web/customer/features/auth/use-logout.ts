import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { withAuthClient } from '../../lib/load-auth-client';
import { broadcastAuthEvent } from '../../lib/auth-channel';
import { customerPages } from '../../../../contracts/pages';
import { outlivesSignOut } from '../../lib/query-keys';
import { sessionQuery } from './session';

/** Revokes the session on the server, forgets every cached record, tells other tabs, goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await withAuthClient((client) => client.signOut());
    if (error) console.error('sign-out failed on the server', error);
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => !outlivesSignOut(q.queryKey) });
    broadcastAuthEvent('signed-out');
    await navigate(customerPages.login.href(), { replace: true });
  };
}
