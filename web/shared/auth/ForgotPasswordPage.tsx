import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field } from '../components/Field';
import { FormMessage } from '../components/FormMessage';

export interface ForgotPasswordProps {
  /** The app's frame of its signed-out pages. */
  Card: ComponentType<{ title: string; children: ReactNode }>;
  /** Asks the server for the e-mail (the app's Better Auth client); the answer never says whether the address has an account. */
  request: (email: string) => Promise<{ error: unknown }>;
  emailLabel: string;
  emailAutoComplete: 'email' | 'username';
  loginHref: string;
  failureLog: string;
  /** When the form is first used (the portal starts loading its auth client then). */
  onFocus?: () => void;
}

/** Both apps' 'Forgot password?' page, in the app's auth:forgot texts. */
export function ForgotPasswordPage({ Card, request, emailLabel, emailAutoComplete, loginHref, failureLog, onFocus }: ForgotPasswordProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const { error } = await request(email.trim());
    setBusy(false);
    if (error) console.error(failureLog, error);
    setResult(error ? 'failed' : 'sent');
  };

  return (
    <Card title={t('forgot.title')}>
      <p>{t('forgot.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} onFocus={onFocus} className="form">
        <Field
          label={emailLabel}
          type="email"
          name="email"
          autoComplete={emailAutoComplete}
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
        <Link to={loginHref}>{t('forgot.back')}</Link>
      </p>
    </Card>
  );
}
