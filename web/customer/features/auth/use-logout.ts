import { customerPages } from '../../../../contracts/pages';
import { useSignOut } from '../../../shared/auth/use-sign-out';
import { broadcastAuthEvent } from '../../lib/auth-channel';
import { withAuthClient } from '../../lib/load-auth-client';
import { outlivesSignOut } from '../../lib/query-keys';
import { sessionQuery } from './session';

/** Revokes the session on the server, forgets every cached record, tells other tabs, goes to /login. */
export const useLogout = () =>
  useSignOut({
    signOut: () => withAuthClient((client) => client.signOut()),
    forget: (queryClient) => {
      queryClient.setQueryData(sessionQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => !outlivesSignOut(q.queryKey) });
      broadcastAuthEvent('signed-out');
    },
    to: customerPages.login.href(),
    failureLog: 'sign-out failed on the server',
  });
