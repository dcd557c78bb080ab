import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerPages } from '../../../../contracts/pages';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';

/** 'Balance due: {amount}' (contract-spec §3), only when something is due, with the way to the invoices. */
export function BalanceDue({ amount }: { amount: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  if (!/[1-9]/.test(amount)) return null;
  return (
    <p className="dashboard-balance card" data-testid="balance-due">
      <strong>{t('balanceDue', { amount: formatMoney(amount, locale) })}</strong>{' '}
      <Link to={customerPages.invoices.href()}>{t('viewInvoices')}</Link>
    </p>
  );
}
