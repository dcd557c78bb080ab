import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { broadcastAuthEvent } from '../../lib/auth-channel';
import { paths } from '../../lib/paths';
import { sessionQuery } from './session';

/** After any successful sign-in: refresh the session, tell other tabs, go to the dashboard. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    broadcastAuthEvent('signed-in');
    await navigate(paths.dashboard, { replace: true });
  };
}
