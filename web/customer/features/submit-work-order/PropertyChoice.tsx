import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Property } from '../../../../contracts/customer/properties';
import { propertyText } from '../../../../domain/properties/address';

/** 'Another address' / 'Otra dirección': the value of the choice that shows the Service Address field. */
export const ANOTHER_ADDRESS = 'another';
export type PropertyChoiceValue = number | typeof ANOTHER_ADDRESS;

/**
 * 'Property' / 'Propiedad' (contract-spec §4): one of the customer's properties, the profile address
 * first, or 'Another address'. A native select: keyboard, screen reader and phone pickers for free.
 */
export function PropertyChoice({
  properties,
  value,
  onChange,
  disabled,
}: {
  properties: Property[];
  value: PropertyChoiceValue;
  onChange: (value: PropertyChoiceValue) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('submitWorkOrder');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('property')}</label>
      <select
        id={id}
        name="property"
        value={String(value)}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === ANOTHER_ADDRESS ? ANOTHER_ADDRESS : Number(e.target.value))}
      >
        {properties.map((property) => (
          <option key={property.id} value={property.id}>
            {propertyText(property)}
          </option>
        ))}
        <option value={ANOTHER_ADDRESS}>{t('anotherAddress')}</option>
      </select>
    </div>
  );
}
