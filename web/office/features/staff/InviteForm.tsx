import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LIMITS } from '../../../../contracts/account-limits';
import type { OfficeRole } from '../../../../contracts/office/staff';
import type { Locale } from '../../../../contracts/locale';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { SelectField } from '../../components/SelectField';
import { errorText } from '../../lib/error-text';
import { useInviteStaffMember } from './api/invite-staff';

const blank = { email: '', name: '', role: 'staff' as OfficeRole, locale: 'en' as Locale };

/** Invite: e-mail, name (optional), role and the language of their e-mails; the set-up link goes to that address. */
export function InviteForm() {
  const { t } = useTranslation('staff');
  const invite = useInviteStaffMember();
  const [form, setForm] = useState(blank);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const { email, name, role, locale } = form;
    invite.mutate(
      { email: email.trim(), role, locale, name: name.trim() || undefined },
      {
        onSuccess: (result) => {
          setSentTo(result.email);
          setForm(blank);
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('invite.title')}</h2>
      <form className="form" onSubmit={onSubmit}>
        <div className="form-grid">
          <Field
            label={t('email')}
            type="email"
            required
            maxLength={ACCOUNT_LIMITS.email}
            autoComplete="off"
            value={form.email}
            onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
          />
          <Field
            label={t('invite.name')}
            maxLength={ACCOUNT_LIMITS.name}
            autoComplete="off"
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
          <SelectField
            label={t('role')}
            value={form.role}
            options={[
              { value: 'staff', label: t('common:roles.staff') },
              { value: 'owner', label: t('common:roles.owner') },
            ]}
            onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as OfficeRole }))}
          />
          <SelectField
            label={t('invite.language')}
            value={form.locale}
            options={[
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
            ]}
            onChange={(e) => setForm((f) => ({ ...f, locale: e.target.value as Locale }))}
          />
        </div>
        <FormMessage kind="error">{invite.isError ? errorText(t, invite.error) : null}</FormMessage>
        <FormMessage kind="success">{sentTo ? t('invite.sent', { email: sentTo }) : null}</FormMessage>
        <div className="actions">
          <button type="submit" className="button primary" disabled={invite.isPending}>
            {invite.isPending ? t('invite.sending') : t('invite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
