import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { officePages } from '../../../../contracts/pages';
import { ResetPasswordPage as SharedResetPasswordPage } from '../../../shared/auth/ResetPasswordPage';
import { AuthCard } from '../../components/AuthCard';
import { loginWith } from '../../app/guards';
import { authClient } from '../../lib/auth-client';

/** From the office's reset e-mail (/office/reset-password?token=...): a new password, then the usual sign-in with a code. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <SharedResetPasswordPage
      Card={AuthCard}
      reset={(newPassword, token) => authClient.resetPassword({ newPassword, token })}
      passwordHint={t('setup.passwordHint', { min: ACCOUNT_LIMITS.passwordMin, max: ACCOUNT_LIMITS.passwordMax })}
      tooCommon={t('reset.tooCommon')}
      doneHref={loginWith('reset')}
      forgotHref={officePages.forgotPassword.href()}
      explainMissingToken
    />
  );
}
