import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { passwordStep } from './api/sign-in';

/** Step one of the office sign-in: 'Email', 'Password', 'Sign In'. */
export function PasswordStep({ onCode, onSession }: { onCode: () => void; onSession: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await passwordStep(email, password);
    setBusy(false);
    if (result.kind === 'code') return onCode();
    if (result.kind === 'session') return onSession();
    setError(t(`login.${result.reason}`));
  };

  return (
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
      <Field
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
