import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import type { OfficeCustomer } from '../../../../contracts/office/customers';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { errorText } from '../../lib/error-text';
import { useAddCustomer } from './api/add-customer';

/** 'Add customer': a customer with no account yet (their records show once they register with this e-mail). */
export function AddCustomerDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (customer: OfficeCustomer) => void }) {
  const { t } = useTranslation('customers');
  const add = useAddCustomer();
  const [form, setForm] = useState({ email: '', name: '', phone: '', address: '' });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ email: form.email.trim(), name: form.name, phone: form.phone, address: form.address }, { onSuccess: onAdded });
  };

  return (
    <Modal title={t('add.title')} onClose={() => !add.isPending && onClose()}>
      <p className="muted">{t('add.intro')}</p>
      <form className="form" onSubmit={onSubmit}>
        <Field
          label={t('email')}
          type="email"
          required
          maxLength={ACCOUNT_LIMITS.email}
          value={form.email}
          onChange={set('email')}
          data-autofocus
        />
        <Field label={t('name')} required maxLength={ACCOUNT_LIMITS.name} value={form.name} onChange={set('name')} autoComplete="off" />
        <Field
          label={t('phone')}
          type="tel"
          maxLength={ACCOUNT_LIMITS.phone}
          value={form.phone}
          onChange={set('phone')}
          autoComplete="off"
        />
        <Field label={t('address')} maxLength={ACCOUNT_LIMITS.address} value={form.address} onChange={set('address')} autoComplete="off" />
        <FormMessage kind="error">{add.isError ? errorText(t, add.error) : null}</FormMessage>
        <div className="modal-footer">
          <button type="button" className="button secondary" disabled={add.isPending} onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button primary" disabled={add.isPending}>
            {add.isPending ? t('add.saving') : t('add.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
