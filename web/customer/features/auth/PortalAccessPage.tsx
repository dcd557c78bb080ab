import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { customerPages } from '../../../../contracts/pages';
import { acceptInvitation, lookUpInvitation, type InvitationView } from '../../../../contracts/portal-access';
import { returnPathOrNull } from '../../../../contracts/return-path';
import { ApiError, callEndpoint } from '../../../shared/api/client';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { currentLanguage, languageChosenOnThisPage, showLanguage } from '../../../shared/i18n/language';
import { AuthCard } from '../../components/AuthCard';
import { queryKeys } from '../../lib/query-keys';
import { GoogleSignInButton } from './GoogleSignInButton';
import { NewPasswordField } from './NewPasswordField';
import { withNext } from './return-path';
import { useSignedIn } from './use-signed-in';

/** Why setting up failed, by the answer's status (Better Auth's refusals: 410 used/expired, 409 account exists). */
const failureKey = (status: number) =>
  status === 410
    ? 'portalAccess.invalid'
    : status === 409
      ? 'portalAccess.accountExists'
      : status === 400
        ? 'register.passwordTooCommon'
        : status === 429
          ? 'login.tooManyAttempts'
          : 'portalAccess.failed';

/**
 * 'Set up your portal access' (issue 26.1), from the invitation a customer the office added gets by
 * e-mail: the office's name and phone filled in, a password or Google, then straight to the quote.
 * The page keeps the landing page in `?next=`, so Google's sign-in and useSignedIn go there too.
 */
export function PortalAccessPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const view = useQuery({
    queryKey: queryKeys.portalInvitation(token ?? ''),
    queryFn: () => callEndpoint(lookUpInvitation, { body: { token: token! } }),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });

  if (!token) return <Refused title={t('portalAccess.title')} message={t('portalAccess.missingToken')} />;
  if (view.isPending) {
    return (
      <AuthCard title={t('portalAccess.title')}>
        <p role="status">{t('portalAccess.loading')}</p>
      </AuthCard>
    );
  }
  if (view.isError) {
    const status = view.error instanceof ApiError ? view.error.status : 0;
    return <Refused title={t('portalAccess.title')} message={t(status === 429 ? 'login.tooManyAttempts' : 'portalAccess.failed')} />;
  }
  const data = view.data;
  if (data.state === 'invalid') return <Refused title={t('portalAccess.title')} message={t('portalAccess.invalid')} />;
  if (data.state === 'account_exists') {
    return <Refused title={t('portalAccess.title')} message={t('portalAccess.accountExists')} next={returnPathOrNull(data.next)} />;
  }
  return <SetUpForm token={token} view={data} keepNext={(next) => setParams({ token, next }, { replace: true })} />;
}

function Refused({ title, message, next = null }: { title: string; message: string; next?: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={title}>
      <FormMessage kind="error">{message}</FormMessage>
      <p className="auth-links">
        <Link to={withNext(customerPages.login.href(), next)}>{t('portalAccess.login')}</Link>
      </p>
    </AuthCard>
  );
}

function SetUpForm({
  token,
  view,
  keepNext,
}: {
  token: string;
  view: Extract<InvitationView, { state: 'open' }>;
  keepNext: (next: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const [name, setName] = useState(view.name);
  const [phone, setPhone] = useState(view.phone);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const prepared = useRef(false);

  useEffect(() => {
    if (prepared.current) return;
    prepared.current = true;
    // The invitation's language, unless the customer chose one here; the landing page for every way in.
    if (!languageChosenOnThisPage() && currentLanguage() !== view.locale) void showLanguage(view.locale);
    const next = returnPathOrNull(view.next);
    if (next && params.get('next') !== next) keepNext(next);
  }, [view, params, keepNext]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callEndpoint(acceptInvitation, { body: { token, name, phone, password, locale: currentLanguage() } });
      await signedIn();
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 0 || status >= 500) console.error('setting up portal access failed', err);
      setError(t(failureKey(status)));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('portalAccess.title')}>
      <p>{t('portalAccess.intro', { email: view.email })}</p>
      <form onSubmit={(e) => void onSubmit(e)} className="form">
        <Field
          label={t('portalAccess.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={ACCOUNT_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t('portalAccess.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          required
          maxLength={ACCOUNT_LIMITS.phone}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <NewPasswordField label={t('portalAccess.password')} value={password} onChange={setPassword} />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('portalAccess.submitting') : t('portalAccess.submit')}
        </button>
      </form>
      <p className="divider">{t('login.or')}</p>
      <GoogleSignInButton />
      <p className="hint">{t('portalAccess.googleHint', { email: view.email })}</p>
    </AuthCard>
  );
}
