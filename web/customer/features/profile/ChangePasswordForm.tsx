import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { preloadAuthClient, withAuthClient } from '../../lib/load-auth-client';

/** Better Auth's answers, in the customer's words. */
const reasonOf = (code: string | undefined, status: number) =>
  code === 'INVALID_PASSWORD'
    ? 'password.wrongCurrent'
    : code === 'PASSWORD_TOO_COMMON'
      ? 'password.tooCommon'
      : code === 'PASSWORD_TOO_SHORT'
        ? 'password.tooShort'
        : code === 'CREDENTIAL_ACCOUNT_NOT_FOUND'
          ? 'password.noPassword'
          : status === 429
            ? 'password.tooMany'
            : 'password.failed';

/**
 * Current password (required) and a new one; other devices are signed out (revokeOtherSessions),
 * this one stays signed in. Better Auth's browser client is fetched when the form is first touched.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; key: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setMessage({ kind: 'error', key: 'password.currentRequired' });
    if (next.length < ACCOUNT_LIMITS.passwordMin) return setMessage({ kind: 'error', key: 'password.tooShort' });
    setBusy(true);
    setMessage(undefined);
    const { error } = await withAuthClient((client) =>
      client.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true }),
    );
    setBusy(false);
    if (error) {
      if (reasonOf(error.code, error.status) === 'password.failed') console.error('Password change failed:', error);
      return setMessage({ kind: 'error', key: reasonOf(error.code, error.status) });
    }
    setCurrent('');
    setNext('');
    setMessage({ kind: 'success', key: 'password.changed' });
  };

  return (
    <form
      className="card form profile-section"
      onSubmit={(e) => void submit(e)}
      onFocus={preloadAuthClient}
      noValidate
      aria-labelledby="password-title"
    >
      <h2 id="password-title">{t('password.title')}</h2>
      <Field
        label={t('password.current')}
        name="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label={t('password.new')}
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        minLength={ACCOUNT_LIMITS.passwordMin}
        maxLength={ACCOUNT_LIMITS.passwordMax}
        hint={t('password.hint', { min: ACCOUNT_LIMITS.passwordMin })}
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      {message && <FormMessage kind={message.kind}>{t(message.key, { min: ACCOUNT_LIMITS.passwordMin })}</FormMessage>}
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}
