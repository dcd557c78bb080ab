import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmEmail } from '../../../../contracts/account';
import { AuthCard } from '../../components/AuthCard';
import { FormMessage } from '../../../shared/components/FormMessage';
import { ApiError, callEndpoint } from '../../../shared/api/client';
import { customerPages } from '../../../../contracts/pages';
import { NewPasswordField } from './NewPasswordField';
import { useSignedIn } from './use-signed-in';

/** The address a confirmation link is for: the token is a signed JWT we only read, never trust. */
function emailInToken(token: string | null): string | null {
  try {
    const payload = JSON.parse(atob((token?.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null; // a damaged link: the server refuses it with its own message
  }
}

const messageKey: Record<string, string> = {
  already_confirmed: 'confirm.already',
  password_too_common: 'register.passwordTooCommon',
  too_many_requests: 'login.tooManyAttempts',
};

/**
 * A confirmation link opened outside the browser that registered lands here: whoever reads the
 * inbox chooses the password, so someone who registered another person's address gains nothing.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = emailInToken(token);
  const signedIn = useSignedIn();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('confirm.missingToken'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      await callEndpoint(confirmEmail, { body: { token, password } });
      await signedIn();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (!(err instanceof ApiError) || err.status >= 500) console.error('confirming the account failed', err);
      setError(t(messageKey[code] ?? 'confirm.failed'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('confirm.title')}>
      <p>{email ? t('confirm.intro', { email }) : t('confirm.introNoEmail')}</p>
      <form onSubmit={(e) => void onSubmit(e)} className="form">
        <NewPasswordField label={t('confirm.password')} value={password} onChange={setPassword} />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy || !token}>
          {busy ? t('confirm.submitting') : t('confirm.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={customerPages.login.href()}>{t('confirm.login')}</Link>
      </p>
    </AuthCard>
  );
}
