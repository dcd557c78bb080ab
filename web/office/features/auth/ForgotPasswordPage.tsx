import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { authClient } from '../../lib/auth-client';
import { officePages } from '../../../../contracts/pages';

/**
 * 'Forgot password?' from the office sign-in. The server e-mails an office account a link to
 * /office/reset-password (server/auth/account-mail.ts); the answer never says whether the address
 * has an account. A new password does not skip the authenticator: the next sign-in still asks for a code.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    // Better Auth checks redirectTo against the allowed paths; an office account's link is built by the server.
    const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/reset-password' });
    setBusy(false);
    if (error) console.error('office password reset request failed', error);
    setResult(error ? 'failed' : 'sent');
  };

  return (
    <AuthCard title={t('forgot.title')}>
      <p>{t('forgot.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} className="form">
        <Field
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {result === 'sent' && <FormMessage kind="success">{t('forgot.sent')}</FormMessage>}
        {result === 'failed' && <FormMessage kind="error">{t('forgot.failed')}</FormMessage>}
        <button type="submit" className="button primary" disabled={busy}>
          {t('forgot.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={officePages.login.href()}>{t('forgot.back')}</Link>
      </p>
    </AuthCard>
  );
}
