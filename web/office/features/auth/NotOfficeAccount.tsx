import { useTranslation } from 'react-i18next';
import { customerPages } from '../../../../contracts/pages';

/** A customer's account at the office's door: where they belong, and a way to try another account. */
export function NotOfficeAccount({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <p className="form-message error" role="alert">
        {t('login.customerAccount')}
      </p>
      <p>{t('login.customerPortal')}</p>
      <p className="actions">
        {/* The portal is the other app: a full page load. */}
        <a className="button primary" href={customerPages.login.href()}>
          {t('login.toPortal')}
        </a>
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('login.otherAccount')}
        </button>
      </p>
    </>
  );
}
