import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import type { TotpEnrolment } from '../../../../contracts/office/setup';
import { NewPasswordField } from '../../../shared/components/NewPasswordField';
import { FormMessage } from '../../../shared/components/FormMessage';
import { errorText } from '../../lib/error-text';
import { useChooseOfficePassword } from './api/choose-password';

/** Set-up step 1 of 3: the account's password (the server answers the authenticator enrolment). */
export function SetupPasswordStep({
  token,
  email,
  onChosen,
}: {
  token: string;
  email: string;
  onChosen: (password: string, enrolment: TotpEnrolment) => void;
}) {
  const { t } = useTranslation('auth');
  const choose = useChooseOfficePassword();
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate({ token, password }, { onSuccess: (enrolment) => onChosen(password, enrolment) });
  };

  return (
    <form onSubmit={onSubmit} className="form">
      <h2>{t('setup.passwordStep')}</h2>
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordField
        label={t('setup.password')}
        hint={t('setup.passwordHint', { min: ACCOUNT_LIMITS.passwordMin, max: ACCOUNT_LIMITS.passwordMax })}
        value={password}
        onChange={setPassword}
      />
      <FormMessage kind="error">{choose.isError ? errorText(t, choose.error) : null}</FormMessage>
      <button type="submit" className="button primary" disabled={choose.isPending}>
        {choose.isPending ? t('setup.saving') : t('setup.continue')}
      </button>
    </form>
  );
}
