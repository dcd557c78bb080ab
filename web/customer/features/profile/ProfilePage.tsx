import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../contracts/customer/profile';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { Skeleton } from '../../../shared/components/Skeleton';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { EmailAddress } from '../../components/EmailAddress';
import { useProfile } from './api/get-profile';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EditProfileForm } from './EditProfileForm';
import { EmailUpdatesToggle } from './EmailUpdatesToggle';
import { PeopleSection } from './PeopleSection';
import { PropertiesSection } from './PropertiesSection';
import { useAccountRole } from '../../components/account-role';
import './profile.css';

/** 'Your Profile' at /settings: the customer's own details (editable), update e-mails, e-mail address and password. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;
  const loading = profile.isPending && !profile.isError;
  // The account's details are its owner's; a person sees them (issue 26.4). Unknown yet: as before.
  const role = useAccountRole();
  const owner = role === undefined || role === 'owner';

  return (
    <>
      <h1>{t('title')}</h1>
      {notFound ? (
        <p className="form-message error" role="alert">
          {t('notFound')}
        </p>
      ) : loading ? (
        <Skeleton label={t('loading')} shape="cards" count={1} className="profile-skeleton" />
      ) : (
        <QueryStatus query={profile} ns="profile" logAs="Profile could not be loaded:" />
      )}
      {profile.data && (
        <div className="profile-sections">
          <ProfileDetails profile={profile.data} owner={owner} />
          <PropertiesSection />
          {owner && <EmailUpdatesToggle enabled={profile.data.emailUpdates ?? true} />}
          {owner && <ChangeEmailForm current={profile.data.email} pending={profile.data.pendingEmail} />}
          <PeopleSection />
          <ChangePasswordForm />
        </div>
      )}
    </>
  );
}

function ProfileDetails({ profile, owner }: { profile: Profile; owner: boolean }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (editing) {
    return (
      <EditProfileForm
        profile={profile}
        onDone={(done) => {
          setEditing(false);
          setSaved(done);
        }}
      />
    );
  }
  const rows: [label: string, value: ReactNode][] = [
    [t('name'), profile.name],
    [t('email'), <EmailAddress email={profile.email} />],
    [t('phone'), profile.phone],
    [t('address'), profile.address],
    [t('accountNumber'), profile.account_number],
    [t('joined'), formatDate(profile.created_at, locale)],
  ];
  return (
    <div className="card profile-details">
      <dl className="profile-list">
        {rows.map(([label, value]) => (
          <div key={label} className="profile-row">
            <dt>{label}</dt>
            <dd>{value ?? <Missing label={t('missing')} />}</dd>
          </div>
        ))}
      </dl>
      {saved && <FormMessage kind="success">{t('edit.saved')}</FormMessage>}
      {!owner && <p className="hint">{t('people.ownerOnly')}</p>}
      <div className="actions" hidden={!owner}>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {t('edit.open')}
        </button>
      </div>
    </div>
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
