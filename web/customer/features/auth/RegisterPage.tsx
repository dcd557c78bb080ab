import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { currentLanguage } from '../../../shared/i18n/language';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';
import { customerPages } from '../../../../contracts/pages';
import { NewPasswordField } from './NewPasswordField';
import { useReturnPath, withNext } from './return-path';
import { useSignedIn } from './use-signed-in';

const empty = { name: '', phone: '', address: '', email: '', password: '' };

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const next = useReturnPath();
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error: failure } = await withAuthClient((client) =>
      client.signUp.email({
        name: form.name.trim(),
        phone: form.phone.trim(),
        address: form.address.trim(),
        email: form.email.trim(),
        password: form.password,
        locale: currentLanguage(),
        // The confirmation link leads to the page the customer was heading to (an e-mailed quote).
        callbackURL: next ?? customerPages.dashboard.href(),
      }),
    );
    setBusy(false);
    if (failure || !data) {
      if (failure?.code === 'PASSWORD_TOO_COMMON') setError(`${t('register.failed')} ${t('register.passwordTooCommon')}`);
      else setError(failure?.status === 429 ? t('login.tooManyAttempts') : t('register.failed'));
      return;
    }
    const profileSaved = (data as { profileSaved?: boolean }).profileSaved !== false;
    if (data.token) {
      if (!profileSaved) {
        setError(t('register.profileFailed'));
        return;
      }
      return signedIn();
    }
    await navigate(customerPages.checkInbox.href(), { state: { email: data.user.email, profileSaved, next } });
  };

  return (
    <AuthCard title={t('register.title')}>
      <form onSubmit={(e) => void onSubmit(e)} onFocus={preloadAuthClient} className="form">
        <Field
          label={t('register.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={ACCOUNT_LIMITS.name}
          value={form.name}
          onChange={set('name')}
        />
        <Field
          label={t('register.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          required
          maxLength={ACCOUNT_LIMITS.phone}
          value={form.phone}
          onChange={set('phone')}
        />
        <Field
          label={t('register.address')}
          name="address"
          autoComplete="street-address"
          required
          maxLength={ACCOUNT_LIMITS.address}
          value={form.address}
          onChange={set('address')}
        />
        <Field
          label={t('register.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={ACCOUNT_LIMITS.email}
          value={form.email}
          onChange={set('email')}
        />
        <NewPasswordField
          label={t('register.password')}
          value={form.password}
          onChange={(password) => setForm((f) => ({ ...f, password }))}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
      <p className="auth-links">
        {t('register.haveAccount')} <Link to={withNext(customerPages.login.href(), next)}>{t('register.login')}</Link>
      </p>
    </AuthCard>
  );
}
