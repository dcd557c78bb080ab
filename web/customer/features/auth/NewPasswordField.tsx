import { useTranslation } from 'react-i18next';
import { NewPasswordField as SharedNewPasswordField } from '../../../shared/components/NewPasswordField';

/** A password being chosen (register, reset, confirm), with the portal's hint for the length rules. */
export function NewPasswordField(props: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  return <SharedNewPasswordField {...props} hint={t('register.passwordHint')} />;
}
