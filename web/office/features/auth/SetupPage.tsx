import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TotpEnrolment } from '../../../../contracts/office/setup';
import { FormMessage } from '../../../shared/components/FormMessage';
import { AuthCard } from '../../components/AuthCard';
import { errorText } from '../../lib/error-text';
import { officePages } from '../../../../contracts/pages';
import { useSetupCheck } from './api/check-setup';
import { BackupCodes } from './BackupCodes';
import { EnrolStep } from './EnrolStep';
import { SetupPasswordStep } from './SetupPasswordStep';

type Progress = { step: 'password' } | { step: 'enrol'; password: string; enrolment: TotpEnrolment } | { step: 'codes'; codes: string[] };

/**
 * 'Set up your office account' (/office/setup?token=…, from the invitation): the password, then the
 * authenticator app (QR code and 'Secret key') with the first 'Authentication code' and 'Finish setup',
 * then the ten 'Backup codes', shown once.
 */
export function SetupPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useSetupCheck(token);
  const [progress, setProgress] = useState<Progress>({ step: 'password' });

  const body = () => {
    if (!token) return <InvalidLink message={t('setup.linkMissing')} />;
    // Once the codes are shown the link is used up: a re-check would only say so.
    if (progress.step === 'codes') return <BackupCodes codes={progress.codes} />;
    if (check.isPending) {
      return (
        <p className="muted" role="status">
          {t('setup.checking')}
        </p>
      );
    }
    if (check.isError) return <InvalidLink message={errorText(t, check.error)} />;
    const account = check.data;
    return (
      <>
        <p className="setup-account">
          {t('setup.for', { email: account.email, role: t(`common:roles.${account.role}`, { defaultValue: account.role }) })}
        </p>
        {progress.step === 'password' ? (
          <SetupPasswordStep
            token={token}
            email={account.email}
            onChosen={(password, enrolment) => setProgress({ step: 'enrol', password, enrolment })}
          />
        ) : (
          <EnrolStep
            token={token}
            password={progress.password}
            enrolment={progress.enrolment}
            onFinished={(codes) => setProgress({ step: 'codes', codes })}
          />
        )}
      </>
    );
  };

  return (
    <AuthCard title={t('setup.title')} wide>
      {body()}
    </AuthCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormMessage kind="error">{message}</FormMessage>
      <p className="auth-links">
        <Link to={officePages.login.href()}>{t('setup.toSignIn')}</Link>
      </p>
    </>
  );
}
