import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { codeStep } from './api/sign-in';

/** The reasons that end this attempt: the page goes back to the password step with the message. */
const RESTART = new Set(['codeExpired', 'tooManyCodes']);

/**
 * Step two: 'Authentication code' and 'Verify', or a backup code instead (each works once). A wrong
 * code keeps the step ('That code is not valid.'); an attempt that ended goes back to step one.
 */
export function CodeStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The code field takes the focus when the step appears and when the kind of code changes.
  useEffect(() => input.current?.focus(), [method]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await codeStep(method, code.trim());
    setBusy(false);
    if (result.kind === 'signed-in') return onSignedIn();
    if (RESTART.has(result.reason)) return onRestart(t(`login.${result.reason}`));
    setError(t(`login.${result.reason}`));
    setCode('');
    input.current?.focus();
  };

  const switchMethod = () => {
    setMethod((m) => (m === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setError(null);
  };

  return (
    <>
      <p>{method === 'totp' ? t('login.codeIntro') : t('login.backupIntro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} className="form">
        {method === 'totp' ? (
          <Field
            ref={input}
            key="totp"
            label={t('login.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        ) : (
          <Field
            ref={input}
            key="backup"
            label={t('login.backupCode')}
            hint={t('login.backupHint')}
            name="backupCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <FormMessage kind="error">{error}</FormMessage>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('login.verifying') : t('login.verify')}
        </button>
      </form>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={switchMethod}>
          {method === 'totp' ? t('login.useBackup') : t('login.useAuthenticator')}
        </button>
      </p>
    </>
  );
}
