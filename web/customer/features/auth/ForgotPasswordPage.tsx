import { useTranslation } from 'react-i18next';
import { customerPages } from '../../../../contracts/pages';
import { ForgotPasswordPage as SharedForgotPasswordPage } from '../../../shared/auth/ForgotPasswordPage';
import { AuthCard } from '../../components/AuthCard';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';

/** 'Forgot password?' from the portal's login (web/shared/auth/ForgotPasswordPage.tsx): the e-mail links to /reset-password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <SharedForgotPasswordPage
      Card={AuthCard}
      request={(email) =>
        withAuthClient((client) => client.requestPasswordReset({ email, redirectTo: customerPages.resetPassword.href() }))
      }
      emailLabel={t('forgot.email')}
      emailAutoComplete="email"
      loginHref={customerPages.login.href()}
      failureLog="password reset request failed"
      onFocus={preloadAuthClient}
    />
  );
}
