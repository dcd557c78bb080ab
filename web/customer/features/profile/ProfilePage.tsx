import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../contracts/customer/profile';
import { ApiError } from '../../../shared/api/client';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useProfile } from './api/get-profile';
import './profile.css';

/** 'Your Profile' at /settings: the customer's own details. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;

  return (
    <>
      <h1>{t('title')}</h1>
      {notFound ? (
        <p className="form-message error" role="alert">
          {t('notFound')}
        </p>
      ) : (
        <QueryStatus query={profile} ns="profile" logAs="Profile could not be loaded:" />
      )}
      {profile.data && <ProfileDetails profile={profile.data} />}
    </>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const rows: [label: string, value: string | null][] = [
    [t('name'), profile.name],
    [t('email'), profile.email],
    [t('phone'), profile.phone],
    [t('address'), profile.address],
    [t('accountNumber'), profile.account_number],
    [t('joined'), formatDate(profile.created_at, locale)],
  ];
  return (
    <dl className="card profile-list">
      {rows.map(([label, value]) => (
        <div key={label} className="profile-row">
          <dt>{label}</dt>
          <dd>{value ?? <Missing label={t('missing')} />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A dash on screen; words for a screen reader. */
function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
