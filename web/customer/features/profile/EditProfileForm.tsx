import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import type { Profile } from '../../../../contracts/customer/profile';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { useUpdateProfile } from './api/update-profile';

/** Full Name (required), Phone and Address, with the limits of registration; empty phone or address clears it. */
export function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('profile');
  const save = useUpdateProfile();
  const [name, setName] = useState(profile.name ?? '');
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [address, setAddress] = useState(profile.address ?? '');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('edit.nameRequired'));
    setError('');
    save.mutate(
      { name, phone, address },
      {
        onSuccess: () => onDone(true),
        onError: (err) => {
          console.error('Profile could not be saved:', err);
          setError(t('edit.failed'));
        },
      },
    );
  };

  return (
    <form className="card form profile-form" onSubmit={submit} noValidate aria-labelledby="edit-profile-title">
      <h2 id="edit-profile-title">{t('edit.title')}</h2>
      <Field
        label={t('name')}
        name="name"
        autoComplete="name"
        required
        aria-invalid={error === t('edit.nameRequired') || undefined}
        maxLength={ACCOUNT_LIMITS.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={t('phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={ACCOUNT_LIMITS.phone}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <Field
        label={t('address')}
        name="address"
        autoComplete="street-address"
        maxLength={ACCOUNT_LIMITS.address}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? t('edit.saving') : t('edit.save')}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(false)}>
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}
