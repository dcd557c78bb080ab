import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GOOGLE_EMAIL_UNVERIFIED } from '../../../../contracts/google-sign-in';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';
import { customerPages, officePages } from '../../../../contracts/pages';
import { GoogleSignInButton } from './GoogleSignInButton';
import { useReturnPath, withNext } from './return-path';
import { useSignedIn } from './use-signed-in';

/** The office app's own sign-in (a separate app on the same server: a full page load, not a route here). */
const OFFICE_LOGIN = officePages.login.href();

/** The sign-in link's button spans the card under Google's, as the other ways in do. */
const FULL_WIDTH_BELOW = { width: '100%', marginTop: '0.75rem' } as const;

/** Messages a redirect to /login can carry: a bad confirmation link, a finished reset, a Google failure. */
function noticeFromQuery(params: URLSearchParams): { kind: 'error' | 'success'; key: string } | null {
  const errors = params.getAll('error');
  const error = errors[0];
  // Google's redirect flow reports ?error=google&error=<code>; an address Google has not verified has its own message.
  if (errors.includes(GOOGLE_EMAIL_UNVERIFIED)) return { kind: 'error', key: 'login.googleNotVerified' };
  // A sign-in link used before, or after its 15 minutes (Better Auth's magic-link plugin).
  if (error === 'INVALID_TOKEN') return { kind: 'error', key: 'login.magicLinkInvalid' };
  if (error === 'google') return { kind: 'error', key: 'login.googleFailed' };
  if (error) return { kind: 'error', key: 'login.linkInvalid' };
  if (params.get('reset') === 'done') return { kind: 'success', key: 'login.passwordReset' };
  return null;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const next = useReturnPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // An office account's password step answers with a code challenge (or, before its set-up, a refusal):
  // it signs in on /office/login, not here.
  const [officeAccount, setOfficeAccount] = useState(false);
  const notice = noticeFromQuery(params);
  const [link, setLink] = useState<'idle' | 'sending' | 'sent'>('idle');

  /** 'Email me a sign-in link': to the address typed above; the answer is the same whether it has an account or not. */
  const onEmailLink = async () => {
    setError(null);
    setOfficeAccount(false);
    setLink('idle');
    if (!email.trim()) return setError(t('login.magicLinkNeedsEmail'));
    setLink('sending');
    const { error: failure } = await withAuthClient((client) =>
      client.signIn.magicLink({
        email: email.trim(),
        callbackURL: next ?? customerPages.dashboard.href(),
        errorCallbackURL: withNext(customerPages.login.href(), next),
      }),
    );
    if (!failure) return setLink('sent');
    setLink('idle');
    if (failure.code === 'ACCOUNT_LOCKED') setError(t('login.accountLocked'));
    else if (failure.status === 429) setError(t('login.tooManyAttempts'));
    else setError(t('login.magicLinkFailed'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setOfficeAccount(false);
    const { data, error: failure } = await withAuthClient((client) => client.signIn.email({ email, password }));
    setBusy(false);
    const office =
      (data as { twoFactorRedirect?: unknown } | null)?.twoFactorRedirect === true || failure?.code === 'OFFICE_SECOND_FACTOR_REQUIRED';
    if (office) return setOfficeAccount(true);
    if (!failure) return signedIn();
    if (failure.code === 'EMAIL_NOT_VERIFIED') setError(t('login.notVerified'));
    else if (failure.code === 'ACCOUNT_LOCKED') setError(t('login.accountLocked'));
    else if (failure.status === 429) setError(t('login.tooManyAttempts'));
    else setError(t('login.failed'));
  };

  return (
    <AuthCard title={t('login.title')}>
      {notice && !error && !officeAccount && link !== 'sent' && <FormMessage kind={notice.kind}>{t(notice.key)}</FormMessage>}
      {link === 'sent' && <FormMessage kind="success">{t('login.magicLinkSent')}</FormMessage>}
      <form onSubmit={(e) => void onSubmit(e)} onFocus={preloadAuthClient} className="form">
        <Field
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
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
        <FormMessage kind="error">
          {officeAccount ? (
            <>
              {t('login.officeAccount')} <a href={OFFICE_LOGIN}>{t('login.toOffice')}</a>
            </>
          ) : (
            error
          )}
        </FormMessage>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="divider">{t('login.or')}</p>
      <GoogleSignInButton />
      <button
        type="button"
        className="button secondary"
        style={FULL_WIDTH_BELOW}
        onClick={() => void onEmailLink()}
        disabled={link === 'sending'}
      >
        {link === 'sending' ? t('login.magicLinkSending') : t('login.magicLink')}
      </button>
      <p className="auth-links">
        <Link to={customerPages.forgotPassword.href()}>{t('login.forgot')}</Link>
      </p>
      <p className="auth-links">
        {t('login.noAccount')} <Link to={withNext(customerPages.register.href(), next)}>{t('login.register')}</Link>
      </p>
    </AuthCard>
  );
}
