import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetOfficeData } from '../../app/session';
import { authClient } from '../../lib/auth-client';
import { officePages } from '../../../../contracts/pages';

/** Ends the session on the server, forgets every record loaded, goes to the office sign-in page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) console.error('office sign-out failed on the server', error);
    forgetOfficeData(queryClient);
    await navigate(officePages.login.href(), { replace: true });
  };
}
