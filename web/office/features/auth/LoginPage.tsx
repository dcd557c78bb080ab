import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../../shared/components/FormMessage';
import { safeNext } from '../../app/guards';
import { forgetOfficeData } from '../../app/session';
import { AuthCard } from '../../components/AuthCard';
import { authClient } from '../../lib/auth-client';
import { officePages } from '../../../../contracts/pages';
import { officeMeQuery } from '../../lib/office-me';
import { CodeStep } from './CodeStep';
import { NotOfficeAccount } from './NotOfficeAccount';
import { PasswordStep } from './PasswordStep';

type Step = 'password' | 'code' | 'customer';

/**
 * 'Office Sign-in' (/office/login): e-mail and password, then the authentication code (or a backup
 * code). A customer account is told it is not an office account and sent to the portal's sign-in.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reason = params.get('reason');
  const [step, setStep] = useState<Step>(reason === 'customer' ? 'customer' : 'password');
  const [restartReason, setRestartReason] = useState<string | null>(null);

  const signedIn = async () => {
    forgetOfficeData(queryClient);
    try {
      await queryClient.fetchQuery(officeMeQuery);
    } catch (err) {
      console.error('office sign-in: the session is not an office session', err);
      return customerSession();
    }
    await navigate(safeNext(params.get('next')) ?? officePages.inbox.href(), { replace: true });
  };

  // A customer's password signed them in: end that session here, and send them to the portal.
  const customerSession = async () => {
    const { error } = await authClient.signOut();
    if (error) console.error('office sign-in: a customer session could not be ended', error);
    forgetOfficeData(queryClient);
    setStep('customer');
  };

  const restart = (message: string | null) => {
    setRestartReason(message);
    setStep('password');
  };

  return (
    <AuthCard title={t('login.title')}>
      {step === 'password' && reason === 'ended' && !restartReason && <FormMessage kind="info">{t('login.sessionEnded')}</FormMessage>}
      {step === 'password' && reason === 'reset' && !restartReason && <FormMessage kind="success">{t('login.passwordReset')}</FormMessage>}
      {step === 'password' && restartReason && <FormMessage kind="info">{restartReason}</FormMessage>}
      {step === 'password' && <PasswordStep onCode={() => setStep('code')} onSession={() => void signedIn()} />}
      {step === 'password' && (
        <p className="auth-links">
          <Link to={officePages.forgotPassword.href()}>{t('login.forgot')}</Link>
        </p>
      )}
      {step === 'code' && <CodeStep onSignedIn={() => void signedIn()} onRestart={restart} />}
      {step === 'customer' && <NotOfficeAccount onRetry={() => restart(null)} />}
    </AuthCard>
  );
}
