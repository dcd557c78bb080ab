import { useTranslation } from 'react-i18next';
import { customerPages } from '../../../../contracts/pages';
import { ResetPasswordPage as SharedResetPasswordPage } from '../../../shared/auth/ResetPasswordPage';
import { AuthCard } from '../../components/AuthCard';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';

/** Reached from the reset e-mail: Better Auth redirects here with ?token=... (or ?error=...); then the login says it worked. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <SharedResetPasswordPage
      Card={AuthCard}
      reset={(newPassword, token) => withAuthClient((client) => client.resetPassword({ newPassword, token }))}
      passwordHint={t('register.passwordHint')}
      tooCommon={t('register.passwordTooCommon')}
      doneHref={`${customerPages.login.href()}?reset=done`}
      forgotHref={customerPages.forgotPassword.href()}
      explainMissingToken={false}
      onFocus={preloadAuthClient}
    />
  );
}
