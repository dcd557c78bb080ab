import { useTranslation } from 'react-i18next';
import type { OfficeCustomer } from '../../../../contracts/office/customers';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';

/** The profile as the customer sees it on their Profile, with the account's state. */
export function ProfileDetails({ customer }: { customer: OfficeCustomer }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const rows: [label: string, value: string | null][] = [
    [t('name'), customer.name],
    [t('email'), customer.email],
    [t('phone'), customer.phone],
    [t('address'), customer.address],
    [t('accountNumber'), customer.accountNumber],
    [t('since'), formatDate(customer.createdAt, locale)],
    [t('accountLabel'), t(`account.${customer.account}`)],
  ];
  return (
    <dl className="profile-list">
      {rows.map(([label, value]) => (
        <div key={label} className="profile-row">
          <dt>{label}</dt>
          <dd>
            {value ?? (
              <>
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t('common:missing')}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
