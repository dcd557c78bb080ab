import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_ADDRESS_MAX } from '../../../contracts/customer/properties';
import type { ChooseProperty, ChosenProperty } from '../../../contracts/office/properties';
import { propertyText } from '../../../domain/properties/address';
import { ApiError } from '../../shared/api/client';
import { FormMessage } from '../../shared/components/FormMessage';
import { errorText } from '../lib/error-text';
import { useCustomerProperties, useSaveProperty } from './customer-properties';

const ANOTHER = 'another';

interface PropertyPickerProps {
  /** The customers row the record belongs to; null: no profile, so no properties. */
  customerId: number | null;
  /** The record's property now (null: none, e.g. a row put in with plain SQL). */
  currentId: number | null;
  /** Why it can no longer change (the order started, the quote was approved); null while it can. */
  locked: string | null;
  save: (choice: ChooseProperty) => Promise<ChosenProperty>;
  /** Refreshes the record once saved. */
  onSaved: () => Promise<unknown>;
}

/**
 * 'Property' / 'Propiedad' on a quote and a work order (contract-spec §4): one of the customer's
 * properties or 'Another address' (added to their properties by the server). The server decides
 * whose property it may be and until when; a refusal is shown in the reader's language.
 */
export function PropertyPicker({ customerId, currentId, locked, save, onSaved }: PropertyPickerProps) {
  const { t } = useTranslation('properties');
  const id = useId();
  const properties = useCustomerProperties(customerId);
  const mutation = useSaveProperty(customerId, save, onSaved);
  const [choice, setChoice] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();

  if (customerId === null) return <p className="muted">{t('noProfile')}</p>;
  // While the list loads, the card keeps the height it will have (a label, a list, Save; or the two
  // lines of a locked one): what is below it does not move when the list comes, so a click aimed
  // below it lands where it was aimed (decision 276).
  if (properties.isPending) {
    return locked ? (
      <div className="property-picker" aria-busy="true">
        <p className="muted">{t('loading')}</p>
        <p className="muted">{locked}</p>
      </div>
    ) : (
      <div className="property-picker form" aria-busy="true">
        <div className="field">
          <label htmlFor={id}>{t('property')}</label>
          <select id={id} disabled>
            <option>{t('loading')}</option>
          </select>
        </div>
        <div className="actions">
          <button type="button" className="button secondary" disabled>
            {t('save')}
          </button>
        </div>
      </div>
    );
  }
  if (properties.isError) return <FormMessage kind="error">{t('loadFailed')}</FormMessage>;
  const list = properties.data.properties;
  const selected = choice ?? (currentId === null ? (list[0] ? String(list[0].id) : ANOTHER) : String(currentId));
  const current = list.find((p) => p.id === currentId);

  if (locked) {
    return (
      <div className="property-picker">
        <p>{current ? propertyText(current) : t('none')}</p>
        <p className="muted">{locked}</p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    if (selected === ANOTHER && !address.trim()) return setMessage({ kind: 'error', text: t('addressRequired') });
    const body: ChooseProperty = selected === ANOTHER ? { address } : { propertyId: Number(selected) };
    mutation.mutate(body, {
      onSuccess: (chosen) => {
        setChoice(String(chosen.property.id));
        setAddress('');
        setMessage({ kind: 'success', text: t('saved', { address: chosen.address }) });
      },
      onError: (err) => {
        console.error('Property could not be saved:', err);
        const known = err instanceof ApiError && t(`errors.${err.code}`, { defaultValue: '' });
        setMessage({ kind: 'error', text: known || errorText(t, err) });
      },
    });
  };

  return (
    <form className="property-picker form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('property')}</label>
        <select id={id} value={selected} onChange={(e) => (setChoice(e.target.value), setMessage(undefined))} disabled={mutation.isPending}>
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {propertyText(p)}
            </option>
          ))}
          <option value={ANOTHER}>{t('anotherAddress')}</option>
        </select>
      </div>
      {selected === ANOTHER && (
        <div className="field">
          <label htmlFor={`${id}-address`}>{t('address')}</label>
          <input
            id={`${id}-address`}
            type="text"
            autoComplete="street-address"
            maxLength={PROPERTY_ADDRESS_MAX}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
        </div>
      )}
      <div className="actions">
        <button type="submit" className="button secondary" disabled={mutation.isPending}>
          {mutation.isPending ? t('saving') : t('save')}
        </button>
      </div>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
    </form>
  );
}
