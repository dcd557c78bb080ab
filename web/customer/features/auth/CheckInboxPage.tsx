import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { withEmailAddresses } from '../../components/EmailAddress';
import { FormMessage } from '../../../shared/components/FormMessage';
import { withAuthClient } from '../../lib/load-auth-client';
import { customerPages } from '../../../../contracts/pages';
import { returnPathOrNull } from '../../../../contracts/return-path';

/** After registering: the account waits for its confirmation link. */
export function CheckInboxPage() {
  const { t } = useTranslation('auth');
  const state = useLocation().state as { email?: string; profileSaved?: boolean; next?: string | null } | null;
  const email = state?.email;
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);

  const resend = async () => {
    if (!email) return;
    const { error } = await withAuthClient((client) =>
      client.sendVerificationEmail({ email, callbackURL: returnPathOrNull(state?.next) ?? customerPages.dashboard.href() }),
    );
    if (error) console.error('resending the confirmation link failed', error);
    setResult(error ? 'failed' : 'sent');
  };

  return (
    <AuthCard title={t('checkInbox.title')}>
      {state?.profileSaved === false && <FormMessage kind="error">{t('register.profileFailed')}</FormMessage>}
      <p>{email ? withEmailAddresses((values) => t('checkInbox.body', values), { email }, ['email']) : t('checkInbox.bodyNoEmail')}</p>
      {email && (
        <button type="button" className="button secondary" onClick={() => void resend()}>
          {t('checkInbox.resend')}
        </button>
      )}
      {result === 'sent' && <FormMessage kind="success">{t('checkInbox.resent')}</FormMessage>}
      {result === 'failed' && <FormMessage kind="error">{t('checkInbox.resendFailed')}</FormMessage>}
      <p className="auth-links">
        <Link to={customerPages.login.href()}>{t('checkInbox.back')}</Link>
      </p>
    </AuthCard>
  );
}
