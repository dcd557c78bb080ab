import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '../../../../contracts/office/setup';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { CopyButton } from '../../components/CopyButton';
import { errorText } from '../../lib/error-text';
import { useFinishOfficeSetup } from './api/finish-setup';
import { QrCode } from './QrCode';

/** The secret key in groups of four, easier to read and type (authenticator apps ignore the spaces). */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Set-up step 2 of 3: enrol the authenticator app (QR code or 'Secret key'), then its first code. */
export function EnrolStep({
  token,
  password,
  enrolment,
  onFinished,
}: {
  token: string;
  password: string;
  enrolment: TotpEnrolment;
  onFinished: (backupCodes: string[]) => void;
}) {
  const { t } = useTranslation('auth');
  const finish = useFinishOfficeSetup();
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The password step's form is gone: its heading announces the new step.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    // Six digits or it cannot be right: said here, in the page's language, without a request.
    setMalformed(!/^\d{6}$/.test(digits));
    if (!/^\d{6}$/.test(digits)) return;
    finish.mutate({ token, password, code: digits }, { onSuccess: (done) => onFinished(done.backupCodes), onError: () => setCode('') });
  };
  const error = malformed ? t('login.invalidCode') : finish.isError ? errorText(t, finish.error) : null;

  return (
    <div className="form">
      <h2 tabIndex={-1} ref={heading}>
        {t('setup.authenticatorStep')}
      </h2>
      <p>{t('setup.scan')}</p>
      <div className="enrolment">
        <QrCode value={enrolment.totpUri} label={t('setup.qrLabel')} />
        <div className="secret">
          <dl>
            <dt>{t('setup.secret')}</dt>
            <dd>
              <code className="secret-value" data-secret={enrolment.secret}>
                {groupSecret(enrolment.secret)}
              </code>
            </dd>
          </dl>
          <CopyButton text={enrolment.secret} label={t('setup.copySecret')} />
        </div>
      </div>
      <form onSubmit={onSubmit} className="form">
        <Field
          label={t('setup.code')}
          hint={t('setup.codeHint')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={finish.isPending}>
          {finish.isPending ? t('setup.finishing') : t('setup.finish')}
        </button>
      </form>
    </div>
  );
}
