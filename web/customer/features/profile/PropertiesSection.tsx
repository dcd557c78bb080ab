import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_ADDRESS_MAX, PROPERTY_LABEL_MAX, type Property } from '../../../../contracts/customer/properties';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Skeleton } from '../../../shared/components/Skeleton';
import { useAccountRole } from '../../components/account-role';
import { useAddProperty, useProperties, useRemoveProperty } from './api/properties';
import { EditPropertyForm } from './EditPropertyForm';

/**
 * 'Properties' / 'Propiedades' (contract-spec §4): the customer's service addresses, the profile
 * address first; 'Add property' with an optional label; 'Edit' (decision 235); 'Remove' for one no
 * quote or order names. A view-only person of the account sees them with no action (decision 245).
 */
export function PropertiesSection() {
  const { t } = useTranslation('profile');
  const id = useId();
  const properties = useProperties();
  const remove = useRemoveProperty();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const viewOnly = useAccountRole() === 'view_only';
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();

  const onRemove = (property: Property) => {
    setMessage(undefined);
    remove.mutate(property.id, {
      onSuccess: () => setMessage({ kind: 'success', text: t('properties.removed', { address: property.address }) }),
      onError: (err) => {
        console.error('Property could not be removed:', err);
        setMessage({ kind: 'error', text: t('properties.removeFailed') });
      },
    });
  };

  return (
    <section className="card profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('properties.title')}</h2>
      {properties.isPending && !properties.isError && <Skeleton label={t('properties.loading')} shape="rows" count={2} />}
      {properties.isError && <FormMessage kind="error">{t('properties.loadFailed')}</FormMessage>}
      {properties.data && properties.data.properties.length === 0 && <p className="muted">{t('properties.empty')}</p>}
      {properties.data && properties.data.properties.length > 0 && (
        <ul className="property-list">
          {properties.data.properties.map((property) => (
            <li key={property.id} className="property-row">
              <div>
                {property.label && <strong className="property-label">{property.label}</strong>}
                <span className="property-address">{property.address}</span>
                {property.isProfile && <small className="muted"> {t('properties.profile')}</small>}
              </div>
              {editing === property.id && (
                <EditPropertyForm
                  property={property}
                  onDone={(address) => {
                    setEditing(null);
                    if (address) setMessage({ kind: 'success', text: t('properties.saved', { address }) });
                  }}
                />
              )}
              {!viewOnly && editing !== property.id && (
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t('properties.editLabel', { address: property.address })}
                  onClick={() => (setMessage(undefined), setAdding(false), setEditing(property.id))}
                >
                  {t('properties.edit')}
                </button>
              )}
              {!viewOnly && !property.isProfile && !property.inUse && editing !== property.id && (
                <button
                  type="button"
                  className="button secondary"
                  disabled={remove.isPending}
                  aria-label={t('properties.removeLabel', { address: property.address })}
                  onClick={() => onRemove(property)}
                >
                  {t('properties.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      {viewOnly ? null : adding ? (
        <AddPropertyForm
          onDone={(address) => {
            setAdding(false);
            if (address) setMessage({ kind: 'success', text: t('properties.added', { address }) });
          }}
        />
      ) : (
        <div className="actions">
          <button type="button" className="button secondary" onClick={() => (setMessage(undefined), setEditing(null), setAdding(true))}>
            {t('properties.add')}
          </button>
        </div>
      )}
    </section>
  );
}

function AddPropertyForm({ onDone }: { onDone: (added: string | null) => void }) {
  const { t } = useTranslation('profile');
  const add = useAddProperty();
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!address.trim()) return setError(t('properties.addressRequired'));
    setError('');
    add.mutate(
      { label, address },
      {
        onSuccess: (added) => onDone(added.address),
        onError: (err) => {
          console.error('Property could not be added:', err);
          setError(t('properties.addFailed'));
        },
      },
    );
  };

  return (
    <form className="form property-form" onSubmit={submit} noValidate aria-label={t('properties.add')}>
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
        required
        aria-invalid={error === t('properties.addressRequired') || undefined}
        maxLength={PROPERTY_ADDRESS_MAX}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" disabled={add.isPending}>
          {add.isPending ? t('properties.saving') : t('properties.save')}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(null)}>
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}
