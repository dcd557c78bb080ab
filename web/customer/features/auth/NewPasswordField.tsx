import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { Field } from '../../../shared/components/Field';

/** A password being chosen (register, reset, confirm): the account's length rules and their hint. */
export function NewPasswordField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Field
      label={label}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={ACCOUNT_LIMITS.passwordMin}
      maxLength={ACCOUNT_LIMITS.passwordMax}
      hint={t('register.passwordHint')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
