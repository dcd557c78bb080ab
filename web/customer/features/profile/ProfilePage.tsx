import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../../contracts/locale';
import type { Profile } from '../../../../contracts/customer/profile';
import { LoadError } from '../../../shared/components/QueryStatus';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format';
import { useLogLoadError } from '../../lib/use-log-load-error';
import { useProfile } from './api/get-profile';
import './profile.css';

/** 'Your Profile' at /settings: the customer's own details. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;

  useLogLoadError('Profile could not be loaded:', notFound ? null : profile.error);

  return (
    <>
      <h1>{t('title')}</h1>
      {profile.isPending && !profile.isError && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {notFound && (
        <p className="form-message error" role="alert">
          {t('notFound')}
        </p>
      )}
      {profile.isError && !notFound && !profile.data && <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void profile.refetch()} />}
      {profile.data && <ProfileDetails profile={profile.data} />}
    </>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const rows: [label: string, value: string | null][] = [
    [t('name'), profile.name],
    [t('email'), profile.email],
    [t('phone'), profile.phone],
    [t('address'), profile.address],
    [t('accountNumber'), profile.account_number],
    [t('joined'), formatDate(profile.created_at, toLocale(i18n.resolvedLanguage))],
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
