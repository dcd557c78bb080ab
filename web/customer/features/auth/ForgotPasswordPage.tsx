import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';
import { customerPages } from '../../../../contracts/pages';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const { error } = await withAuthClient((client) =>
      client.requestPasswordReset({ email: email.trim(), redirectTo: customerPages.resetPassword.href() }),
    );
    setBusy(false);
    if (error) console.error('password reset request failed', error);
    setResult(error ? 'failed' : 'sent');
  };

  return (
    <AuthCard title={t('forgot.title')}>
      <p>{t('forgot.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} onFocus={preloadAuthClient} className="form">
        <Field
          label={t('forgot.email')}
          type="email"
          name="email"
          autoComplete="email"
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
        <Link to={customerPages.login.href()}>{t('forgot.back')}</Link>
      </p>
    </AuthCard>
  );
}
