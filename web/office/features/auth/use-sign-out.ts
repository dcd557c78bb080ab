import { officePages } from '../../../../contracts/pages';
import { useSignOut as useSharedSignOut } from '../../../shared/auth/use-sign-out';
import { forgetOfficeData } from '../../app/session';
import { authClient } from '../../lib/auth-client';

/** Ends the session on the server, forgets every record loaded, goes to the office sign-in page. */
export const useSignOut = () =>
  useSharedSignOut({
    signOut: () => authClient.signOut(),
    forget: forgetOfficeData,
    to: officePages.login.href(),
    failureLog: 'office sign-out failed on the server',
  });
