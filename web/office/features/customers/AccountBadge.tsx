import { useTranslation } from 'react-i18next';
import type { OfficeCustomer } from '../../../../contracts/office/customers';

/** Whether the customer can see their records yet: no account, or not confirmed (nothing for an active account). */
export function AccountBadge({ account }: { account: OfficeCustomer['account'] }) {
  const { t } = useTranslation('customers');
  if (account === 'active') return null;
  return <span className="badge grey">{t(`account.${account}`)}</span>;
}
