import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { broadcastAuthEvent } from '../../lib/auth-channel';
import { customerPages } from '../../../../contracts/pages';
import { useReturnPath } from './return-path';
import { sessionQuery } from './session';

/**
 * After any successful sign-in: refresh the session, tell other tabs, go to the page the customer
 * was heading to (`?next=`, an e-mailed record) or else the dashboard.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const next = useReturnPath();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    broadcastAuthEvent('signed-in');
    await navigate(next ?? customerPages.dashboard.href(), { replace: true });
  };
}
