import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_ADDRESS_MAX, PROPERTY_LABEL_MAX, type Property, type PropertyEdit } from '../../../../contracts/customer/properties';
import { ApiError } from '../../../shared/api/client';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { useEditProperty } from './api/properties';

/** The refusals the server explains (decision 235), by code. */
const refusalKey: Record<string, string> = {
  property_exists: 'properties.exists',
  property_in_use: 'properties.addressInUse',
  profile_property: 'properties.addressProfile',
};

/**
 * 'Edit' one property (decision 235): its label always; its address only when no quote or work order
 * names it and it is not the profile's (then the field is read-only and says why).
 */
export function EditPropertyForm({ property, onDone }: { property: Property; onDone: (saved: string | null) => void }) {
  const { t } = useTranslation('profile');
  const edit = useEditProperty();
  const [label, setLabel] = useState(property.label ?? '');
  const [address, setAddress] = useState(property.address);
  const [error, setError] = useState('');
  const fixed = property.isProfile ? 'properties.addressProfile' : property.inUse ? 'properties.addressInUse' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fixed && !address.trim()) return setError(t('properties.addressRequired'));
    setError('');
    const change: PropertyEdit = fixed || address.trim() === property.address ? { label } : { label, address };
    edit.mutate(
      { id: property.id, edit: change },
      {
        onSuccess: (list) => onDone(list.properties.find((p) => p.id === property.id)?.address ?? property.address),
        onError: (err) => {
          const known = err instanceof ApiError ? refusalKey[err.code] : undefined;
          if (!known) console.error('Property could not be saved:', err);
          setError(t(known ?? 'properties.saveFailed'));
        },
      },
    );
  };

  return (
    <form className="form property-form" onSubmit={submit} noValidate aria-label={t('properties.editTitle')}>
      <Field
        label={t('properties.label')}
        name="propertyLabel"
        hint={t('properties.labelHint')}
        maxLength={PROPERTY_LABEL_MAX}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
      />
      <Field
        label={t('properties.address')}
        name="propertyAddress"
        autoComplete="street-address"
        hint={fixed ? t(fixed) : undefined}
        required={!fixed}
        readOnly={Boolean(fixed)}
        aria-invalid={error === t('properties.addressRequired') || undefined}
        maxLength={PROPERTY_ADDRESS_MAX}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" disabled={edit.isPending}>
          {edit.isPending ? t('properties.saving') : t('properties.save')}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(null)}>
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}
