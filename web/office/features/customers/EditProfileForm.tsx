import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import { ACCOUNT_NUMBER_MAX, type OfficeCustomer } from '../../../../contracts/office/customers';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { errorText } from '../../lib/error-text';
import { useEditCustomer } from './api/edit-customer';

/** 'Edit': Full Name, Phone, Address, Account # and 'Save' (an empty field clears it). */
export function EditProfileForm({ id, customer, onDone }: { id: number; customer: OfficeCustomer; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('customers');
  const edit = useEditCustomer(id);
  const [form, setForm] = useState({
    name: customer.name ?? '',
    phone: customer.phone ?? '',
    address: customer.address ?? '',
    accountNumber: customer.accountNumber ?? '',
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(form, { onSuccess: () => onDone(true) });
  };

  return (
    <form className="form" onSubmit={onSubmit} aria-label={t('edit.title')}>
      <div className="form-grid">
        <Field label={t('name')} maxLength={ACCOUNT_LIMITS.name} value={form.name} onChange={set('name')} autoComplete="off" autoFocus />
        <Field
          label={t('phone')}
          type="tel"
          maxLength={ACCOUNT_LIMITS.phone}
          value={form.phone}
          onChange={set('phone')}
          autoComplete="off"
        />
        <Field label={t('address')} maxLength={ACCOUNT_LIMITS.address} value={form.address} onChange={set('address')} autoComplete="off" />
        <Field
          label={t('accountNumber')}
          maxLength={ACCOUNT_NUMBER_MAX}
          value={form.accountNumber}
          onChange={set('accountNumber')}
          autoComplete="off"
        />
      </div>
      <FormMessage kind="error">{edit.isError ? errorText(t, edit.error) : null}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" disabled={edit.isPending}>
          {edit.isPending ? t('edit.saving') : t('edit.save')}
        </button>
        <button type="button" className="button secondary" disabled={edit.isPending} onClick={() => onDone(false)}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}
