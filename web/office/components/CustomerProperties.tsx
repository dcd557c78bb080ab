import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_ADDRESS_MAX, PROPERTY_LABEL_MAX, type Property, type PropertyEdit } from '../../../contracts/customer/properties';
import { editOfficeProperty } from '../../../contracts/office/properties';
import { ApiError, callEndpoint } from '../../shared/api/client';
import { Field } from '../../shared/components/Field';
import { FormMessage } from '../../shared/components/FormMessage';
import { errorText } from '../lib/error-text';
import { officeQueryKeys } from '../lib/query-keys';
import { useCustomerProperties } from './customer-properties';

/**
 * 'Properties' on the office's customer page (contract-spec §4; decision 235): the customer's service
 * addresses, the profile's first, each with 'Edit' (its label always; its address while no quote or
 * work order names it and it is not the profile's, as for the customer). Saving is audited.
 */
export function CustomerProperties({ customerId }: { customerId: number }) {
  const { t } = useTranslation('properties');
  const properties = useCustomerProperties(customerId);
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section className="card" aria-labelledby="customer-properties-title">
      <h2 id="customer-properties-title">{t('listTitle')}</h2>
      {properties.isPending && <p className="muted">{t('loading')}</p>}
      {properties.isError && <FormMessage kind="error">{t('loadFailed')}</FormMessage>}
      {properties.data?.properties.length === 0 && <p className="muted">{t('empty')}</p>}
      {properties.data && properties.data.properties.length > 0 && (
        <ul className="list">
          {properties.data.properties.map((property) => (
            <li key={property.id}>
              <p>
                {property.label && <strong>{property.label} — </strong>}
                {property.address}
                {property.isProfile && <span className="muted"> {t('profile')}</span>}
              </p>
              {editing === property.id ? (
                <EditForm
                  customerId={customerId}
                  property={property}
                  onDone={(address) => {
                    setEditing(null);
                    setSaved(address);
                  }}
                />
              ) : (
                <button
                  type="button"
                  className="button secondary"
                  aria-label={t('editLabel', { address: property.address })}
                  onClick={() => (setSaved(null), setEditing(property.id))}
                >
                  {t('edit')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {saved && <FormMessage kind="success">{t('saved', { address: saved })}</FormMessage>}
    </section>
  );
}

function EditForm({ customerId, property, onDone }: { customerId: number; property: Property; onDone: (saved: string | null) => void }) {
  const { t } = useTranslation('properties');
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(property.label ?? '');
  const [address, setAddress] = useState(property.address);
  const [error, setError] = useState('');
  const fixed = property.isProfile ? t('errors.profile_property') : property.inUse ? t('addressInUse') : null;
  const save = useMutation({
    mutationFn: (edit: PropertyEdit) => callEndpoint(editOfficeProperty, { params: { id: property.id }, body: edit }),
    onSuccess: (list) => queryClient.setQueryData(officeQueryKeys.customers.properties(customerId), list),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fixed && !address.trim()) return setError(t('addressRequired'));
    setError('');
    save.mutate(fixed || address.trim() === property.address ? { label } : { label, address }, {
      onSuccess: (list) => onDone(list.properties.find((p) => p.id === property.id)?.address ?? property.address),
      onError: (err) => {
        const known = err instanceof ApiError && t(`errors.${err.code}`, { defaultValue: '' });
        if (!known) console.error('Property could not be saved:', err);
        setError(known || errorText(t, err));
      },
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('editTitle')}>
      <Field
        label={t('label')}
        name="propertyLabel"
        maxLength={PROPERTY_LABEL_MAX}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
      />
      <Field
        label={t('address')}
        name="propertyAddress"
        hint={fixed ?? undefined}
        required={!fixed}
        readOnly={Boolean(fixed)}
        maxLength={PROPERTY_ADDRESS_MAX}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <FormMessage kind="error">{error}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(null)}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}
