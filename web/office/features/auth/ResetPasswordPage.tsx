import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { authClient } from '../../lib/auth-client';
import { officePages } from '../../../../contracts/pages';

/** From the office's reset e-mail (/office/reset-password?token=...): a new password, then the usual sign-in with a code. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('reset.missingToken'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
    setBusy(false);
    if (failure) return setError(failure.code === 'PASSWORD_TOO_COMMON' ? t('reset.tooCommon') : t('reset.failed'));
    await navigate(`${officePages.login.href()}?reason=reset`, { replace: true });
  };

  return (
    <AuthCard title={t('reset.title')}>
      <form onSubmit={(e) => void onSubmit(e)} className="form">
        <Field
          label={t('reset.password')}
          hint={t('setup.passwordHint', { min: ACCOUNT_LIMITS.passwordMin, max: ACCOUNT_LIMITS.passwordMax })}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={ACCOUNT_LIMITS.passwordMin}
          maxLength={ACCOUNT_LIMITS.passwordMax}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy || !token}>
          {t('reset.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={officePages.forgotPassword.href()}>{t('reset.askAgain')}</Link>
      </p>
    </AuthCard>
  );
}
