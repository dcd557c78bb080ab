import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { FormMessage } from '../../../shared/components/FormMessage';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';
import { customerPages } from '../../../../contracts/pages';
import { NewPasswordField } from './NewPasswordField';

/** Reached from the reset e-mail: Better Auth redirects here with ?token=... (or ?error=...). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(params.get('error') ? t('reset.failed') : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError(t('reset.missingToken'));
    setBusy(true);
    const { error: failure } = await withAuthClient((client) => client.resetPassword({ newPassword: password, token }));
    setBusy(false);
    if (failure) return setError(failure.code === 'PASSWORD_TOO_COMMON' ? t('register.passwordTooCommon') : t('reset.failed'));
    await navigate(`${customerPages.login.href()}?reset=done`, { replace: true });
  };

  return (
    <AuthCard title={t('reset.title')}>
      <form onSubmit={(e) => void onSubmit(e)} onFocus={preloadAuthClient} className="form">
        <NewPasswordField label={t('reset.password')} value={password} onChange={setPassword} />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy || !token}>
          {t('reset.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={customerPages.forgotPassword.href()}>{t('reset.askAgain')}</Link>
      </p>
    </AuthCard>
  );
}
