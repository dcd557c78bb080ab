import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmEmailChange } from '../../../../contracts/customer/profile';
import { ApiError, callEndpoint } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { AuthCard } from '../../components/AuthCard';
import { broadcastAuthEvent } from '../../lib/auth-channel';
import { customerPages } from '../../../../contracts/pages';

/** The new address a change link is for: the token is Better Auth's signed JWT, read here only to name it (the server checks it). */
function newAddressInToken(token: string | null): string | null {
  try {
    const payload = JSON.parse(atob((token?.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { updateTo?: unknown };
    return typeof payload.updateTo === 'string' ? payload.updateTo : null;
  } catch {
    return null; // a damaged link: the server refuses it with its own message
  }
}

const messageKey: Record<string, string> = {
  invalid_token: 'changeEmail.invalid',
  email_taken: 'changeEmail.taken',
};

/**
 * /confirm-email-change?token=…, the link e-mailed to the new address. Opening it changes nothing (a
 * mail scanner may open links); the button does. Works signed in or not: this browser stays signed in
 * only if it was signed in to that account; every other session ends.
 */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = newAddressInToken(token);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('changeEmail.missingToken'));
  const [done, setDone] = useState<{ email: string; signedIn: boolean }>();

  const onConfirm = async () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const result = await callEndpoint(confirmEmailChange, { body: { token } });
      // Everything cached belongs to the account under its old address: read it again.
      await queryClient.invalidateQueries();
      // Other tabs re-read the session (its e-mail changed); a tab whose session ended finds out on its next check.
      if (result.signedIn) broadcastAuthEvent('signed-in');
      setDone(result);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (!messageKey[code]) console.error('confirming the new e-mail address failed', err);
      setError(t(messageKey[code] ?? 'changeEmail.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title={t('changeEmail.doneTitle')}>
        <FormMessage kind="success">{t('changeEmail.done', { email: done.email })}</FormMessage>
        <p>{t(done.signedIn ? 'changeEmail.doneSignedIn' : 'changeEmail.doneSignIn')}</p>
        <p className="auth-links">
          {done.signedIn ? (
            <Link to={customerPages.profile.href()}>{t('changeEmail.toProfile')}</Link>
          ) : (
            <Link to={customerPages.login.href()}>{t('changeEmail.login')}</Link>
          )}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('changeEmail.title')}>
      <p>{email ? t('changeEmail.intro', { email }) : t('changeEmail.introNoEmail')}</p>
      <FormMessage kind="error">{error}</FormMessage>
      <button type="button" className="button primary" disabled={busy || !token} onClick={() => void onConfirm()}>
        {busy ? t('changeEmail.submitting') : t('changeEmail.submit')}
      </button>
      <p className="auth-links">
        <Link to={customerPages.dashboard.href()}>{t('changeEmail.cancel')}</Link>
      </p>
    </AuthCard>
  );
}
