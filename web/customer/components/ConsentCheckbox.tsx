import { useTranslation } from 'react-i18next';
import { customerPages } from '../../../contracts/pages';

interface ConsentCheckboxProps {
  checked: boolean;
  /** The dialog's 'consentRequired' message is showing. */
  invalid: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The electronic consent of an approve dialog (contract-spec §1), the same for a quote and a change
 * order: the checkbox 'I agree to sign electronically…' and 'Read the consent', its full text on
 * its own page (a new tab, so the dialog keeps what was typed).
 */
export function ConsentCheckbox({ checked, invalid, onChange }: ConsentCheckboxProps) {
  const { t } = useTranslation('signatures');
  return (
    <div className="approve-consent">
      <label className="check">
        <input type="checkbox" checked={checked} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.checked)} />
        <span>{t('consent.checkbox')}</span>
      </label>
      <a href={customerPages.consent.href()} target="_blank" rel="noopener">
        {t('consent.readLink')} <span className="visually-hidden">{t('consent.opensInNewTab')}</span>
      </a>
    </div>
  );
}
