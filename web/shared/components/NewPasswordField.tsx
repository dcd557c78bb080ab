import { ACCOUNT_LIMITS } from '../../../contracts/account-limits';
import { Field } from './Field';

/** A password being chosen (sign-up, reset, set-up): the account's length rules, and the app's hint for them. */
export function NewPasswordField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={ACCOUNT_LIMITS.passwordMin}
      maxLength={ACCOUNT_LIMITS.passwordMax}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
