import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordCustomer } from '../../../../contracts/office/record-lists';
import { useCustomerChoices } from './api/find-customers';
import { EditorField } from './EditorField';

export interface PickedCustomer {
  id: number;
  name: string | null;
  email: string;
}

export const customerLabel = (customer: Pick<RecordCustomer, 'name' | 'email'>) =>
  customer.name ? `${customer.name} · ${customer.email}` : customer.email;

/**
 * The quote's customer: a search over the office's customers (name, e-mail, phone, account #, address, after
 * 300 ms of typing), each result a button that picks it; 'Change customer' searches again.
 */
export function CustomerPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation('quotes');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Picked here (not given from the start): the focus goes to 'Change customer', where the list was.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const choices = useCustomerChoices(q, value === null && q.length > 0);

  if (value) {
    return (
      <div className="field customer-picked">
        <span className="field-label">{t('editor.customer')}</span>
        <p className="customer-picked-row">
          <strong>{customerLabel(value)}</strong>
          <button type="button" className="button secondary small" disabled={disabled} autoFocus={picked} onClick={() => onChange(null)}>
            {t('editor.customerChange')}
          </button>
        </p>
      </div>
    );
  }

  const customers = choices.data?.customers ?? [];
  return (
    <div className="customer-picker">
      <EditorField
        label={t('editor.customerSearch')}
        hint={t('editor.customerSearchHint')}
        type="search"
        autoComplete="off"
        maxLength={100}
        value={typed}
        disabled={disabled}
        error={error}
        onChange={(e) => setTyped(e.target.value)}
      />
      {q.length > 0 && choices.data && (
        <div aria-live="polite">
          {customers.length === 0 ? (
            <p className="muted">{t('editor.customerNone')}</p>
          ) : (
            <ul className="customer-choices" aria-label={t('editor.customerResults')}>
              {customers.map((customer) => (
                <li key={customer.id}>
                  <button
                    type="button"
                    className="customer-choice"
                    disabled={disabled}
                    onClick={() => {
                      setPicked(true);
                      onChange({ id: customer.id, name: customer.name, email: customer.email });
                    }}
                  >
                    {customerLabel(customer)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
