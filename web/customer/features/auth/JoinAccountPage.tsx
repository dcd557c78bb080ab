import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { joinAccount, lookUpPersonInvitation, type PersonInvitationView } from '../../../../contracts/customer/people';
import { JOIN_TOKEN_STATE_KEY } from '../../../../contracts/google-sign-in';
import { customerPages } from '../../../../contracts/pages';
import { ApiError, callEndpoint } from '../../../shared/api/client';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { currentLanguage, languageChosenOnThisPage, showLanguage } from '../../../shared/i18n/language';
import { AuthCard } from '../../components/AuthCard';
import { queryKeys } from '../../lib/query-keys';
import { googleErrorKey, GoogleSignInButton } from './GoogleSignInButton';
import { NewPasswordField } from './NewPasswordField';
import { useSignedIn } from './use-signed-in';

/** This page again, for a Google refusal to land on (the server's redirect guard allows exactly this shape). */
const joinPageOf = (token: string) => `${customerPages.joinAccount.href()}?token=${encodeURIComponent(token)}`;

const failureKey = (status: number) =>
  status === 410
    ? 'joinAccount.invalid'
    : status === 409
      ? 'joinAccount.accountExists'
      : status === 400
        ? 'register.passwordTooCommon'
        : status === 429
          ? 'login.tooManyAttempts'
          : 'joinAccount.failed';

/**
 * 'Join the account' (issue 26.4): the link of a person's invitation, with the e-mail filled in (the
 * link proves it): their name and a password make their own sign-in, or Google with the invited
 * address (decision 234: the sign-in carries the link's token), and they land on the dashboard with
 * the account's records.
 */
export function JoinAccountPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const view = useQuery({
    queryKey: queryKeys.personInvitation(token ?? ''),
    queryFn: () => callEndpoint(lookUpPersonInvitation, { body: { token: token! } }),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });
  if (!token) return <Refused message={t('joinAccount.invalid')} />;
  if (view.isPending) {
    return (
      <AuthCard title={t('joinAccount.title')}>
        <p role="status">{t('joinAccount.loading')}</p>
      </AuthCard>
    );
  }
  if (view.isError) {
    const status = view.error instanceof ApiError ? view.error.status : 0;
    return <Refused message={t(status === 429 ? 'login.tooManyAttempts' : 'joinAccount.failed')} />;
  }
  if (view.data.state === 'invalid') return <Refused message={t('joinAccount.invalid')} />;
  if (view.data.state === 'account_exists') return <Refused message={t('joinAccount.accountExists')} />;
  return <JoinForm token={token} view={view.data} />;
}

function Refused({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('joinAccount.title')}>
      <FormMessage kind="error">{message}</FormMessage>
      <p className="auth-links">
        <Link to={customerPages.login.href()}>{t('portalAccess.login')}</Link>
      </p>
    </AuthCard>
  );
}

function JoinForm({ token, view }: { token: string; view: Extract<PersonInvitationView, { state: 'open' }> }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  // Google's redirect flow (popups blocked) comes back here with ?error= when it did not join.
  const googleError = params.get('error');
  const signedIn = useSignedIn();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const prepared = useRef(false);
  useEffect(() => {
    if (prepared.current) return;
    prepared.current = true;
    // The invitation's language, unless the person chose one here.
    if (!languageChosenOnThisPage() && currentLanguage() !== view.locale) void showLanguage(view.locale);
  }, [view]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callEndpoint(joinAccount, { body: { token, name, password, locale: currentLanguage() } });
      await signedIn();
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 0 || status >= 500) console.error('joining the account failed', err);
      setError(t(failureKey(status)));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('joinAccount.title')}>
      <p>{t('joinAccount.intro', { account: view.accountName, role: t(`joinAccount.roles.${view.role}`) })}</p>
      <form onSubmit={(e) => void onSubmit(e)} className="form">
        <Field label={t('joinAccount.email')} type="email" name="email" autoComplete="username" value={view.email} readOnly />
        <Field
          label={t('joinAccount.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={ACCOUNT_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <NewPasswordField label={t('joinAccount.password')} value={password} onChange={setPassword} />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('joinAccount.submitting') : t('joinAccount.submit')}
        </button>
      </form>
      <p className="divider">{t('login.or')}</p>
      {googleError && <FormMessage kind="error">{t(googleErrorKey(googleError))}</FormMessage>}
      <GoogleSignInButton start={{ additionalData: { [JOIN_TOKEN_STATE_KEY]: token }, errorCallbackURL: joinPageOf(token) }} />
      <p className="hint">{t('portalAccess.googleHint', { email: view.email })}</p>
    </AuthCard>
  );
}
