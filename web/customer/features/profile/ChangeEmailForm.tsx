import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { emailChangeSchema, type PendingEmail } from '../../../../contracts/customer/profile';
import { ApiError } from '../../../shared/api/client';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { withEmailAddresses } from '../../components/EmailAddress';
import { useRequestEmailChange } from './api/update-profile';

/** The shared contract's messages (contracts/customer/profile.ts), in the customer's words. */
const contractMessages: Record<string, string> = {
  'Enter a valid e-mail address.': 'emailChange.invalidEmail',
  [`The e-mail address must be at most ${ACCOUNT_LIMITS.email} characters.`]: 'emailChange.tooLong',
  'Enter your current password.': 'emailChange.passwordRequired',
  'The password is not correct.': 'emailChange.wrongPassword',
};
/** The server's answers by code. */
const codeMessages: Record<string, string> = {
  same_email: 'emailChange.same',
  wrong_password: 'emailChange.wrongPassword',
  no_password: 'emailChange.noPassword',
  too_many_requests: 'emailChange.tooMany',
};

type Problem = { key: string; field?: 'newEmail' | 'password' };

/**
 * 'Change e-mail': the new address and the current password, checked with the shared contract here
 * and again on the server. The new address gets a link; until it is opened nothing changes, and the
 * card says which address is waiting for confirmation.
 */
export function ChangeEmailForm({ current, pending }: { current: string; pending: PendingEmail | null | undefined }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const request = useRequestEmailChange();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailChangeSchema.safeParse({ newEmail, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'password' ? 'password' : 'newEmail';
      return setProblem({ key: contractMessages[issue?.message ?? ''] ?? 'emailChange.invalidEmail', field });
    }
    if (parsed.data.newEmail.toLowerCase() === current.toLowerCase()) return setProblem({ key: 'emailChange.same', field: 'newEmail' });
    setProblem(undefined);
    request.mutate(parsed.data, {
      onSuccess: () => {
        setNewEmail('');
        setPassword('');
      },
      onError: (err) => {
        const key = err instanceof ApiError ? (codeMessages[err.code] ?? contractMessages[err.message]) : undefined;
        if (!key) console.error('E-mail change could not be asked for:', err);
        setProblem({
          key: key ?? 'emailChange.failed',
          field: key === 'emailChange.wrongPassword' ? 'password' : key === 'emailChange.same' ? 'newEmail' : undefined,
        });
      },
    });
  };

  return (
    <form className="card form profile-section" onSubmit={submit} noValidate aria-labelledby="email-change-title">
      <h2 id="email-change-title">{t('emailChange.title')}</h2>
      <FormMessage kind="info">
        {pending &&
          withEmailAddresses(
            (values) => t('emailChange.pending', values),
            { email: pending.email, until: formatDateTime(pending.expiresAt, locale), current },
            ['email', 'current'],
          )}
      </FormMessage>
      <Field
        label={t('emailChange.newEmail')}
        name="new-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={ACCOUNT_LIMITS.email}
        hint={t('emailChange.hint')}
        aria-invalid={problem?.field === 'newEmail' || undefined}
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
      />
      <Field
        label={t('emailChange.password')}
        name="email-change-password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={ACCOUNT_LIMITS.passwordMax}
        aria-invalid={problem?.field === 'password' || undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormMessage kind="error">{problem && t(problem.key, { max: ACCOUNT_LIMITS.email })}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" disabled={request.isPending}>
          {request.isPending ? t('emailChange.sending') : t('emailChange.submit')}
        </button>
      </div>
    </form>
  );
}
