import { useTranslation } from 'react-i18next';
import { customerPages, officePages } from '../../../../contracts/pages';
import { ForgotPasswordPage as SharedForgotPasswordPage } from '../../../shared/auth/ForgotPasswordPage';
import { AuthCard } from '../../components/AuthCard';
import { authClient } from '../../lib/auth-client';

/**
 * 'Forgot password?' from the office sign-in (web/shared/auth/ForgotPasswordPage.tsx). The server e-mails
 * an office account a link to /office/reset-password (server/auth/account-mail.ts); the answer never says
 * whether the address has an account. A new password does not skip the authenticator: the next sign-in
 * still asks for a code.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <SharedForgotPasswordPage
      Card={AuthCard}
      // Better Auth checks redirectTo against the allowed paths; an office account's link is built by the server.
      request={(email) => authClient.requestPasswordReset({ email, redirectTo: customerPages.resetPassword.href() })}
      emailLabel={t('login.email')}
      emailAutoComplete="username"
      loginHref={officePages.login.href()}
      failureLog="office password reset request failed"
    />
  );
}
