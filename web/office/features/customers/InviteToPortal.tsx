import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../contracts/locale';
import type { OfficeCustomer } from '../../../../contracts/office/customers';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import { errorText } from '../../lib/error-text';
import { useInviteToPortal, usePortalAccess } from './api/portal-access';

/**
 * 'Invite to portal' on the customer page (issue 26.1), for a customer with no portal account: a
 * one-time link by e-mail, in the language the office picks, that sets up their access with the
 * office's details filled in. Shown only while the address has no account.
 */
export function InviteToPortal({ id, customer }: { id: number; customer: OfficeCustomer }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const access = usePortalAccess(id);
  const invite = useInviteToPortal(id);
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<Locale>(locale);
  const [sent, setSent] = useState(false);

  if (customer.account !== 'none' || access.data?.hasAccount) return null;
  const lastInvitedAt = access.data?.lastInvitedAt;
  const failure =
    invite.error instanceof ApiError && invite.error.code === 'account_exists'
      ? t('invite.accountExists')
      : invite.error
        ? errorText(t, invite.error)
        : null;

  return (
    <section className="card" aria-labelledby="portal-access-title">
      <div className="page-header">
        <h2 id="portal-access-title">{t('invite.title')}</h2>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            invite.reset();
            setSent(false);
            setOpen(true);
          }}
        >
          {t('invite.open')}
        </button>
      </div>
      <p>
        {t('invite.none')} {lastInvitedAt && t('invite.invited', { date: formatDateTime(lastInvitedAt, locale) })}
      </p>
      {sent && <FormMessage kind="success">{t('invite.sent')}</FormMessage>}
      {open && (
        <ConfirmDialog
          title={t('invite.dialogTitle')}
          body={
            <>
              <p>{t('invite.body', { email: customer.email })}</p>
              <SelectField
                label={t('invite.language')}
                value={language}
                onChange={(e) => setLanguage(e.target.value === 'es' ? 'es' : 'en')}
                options={[
                  { value: 'en', label: t('invite.english') },
                  { value: 'es', label: t('invite.spanish') },
                ]}
              />
            </>
          }
          confirmLabel={invite.isPending ? t('invite.sending') : t('invite.submit')}
          busy={invite.isPending}
          error={failure}
          onConfirm={() =>
            invite.mutate(language, {
              onSuccess: () => {
                setOpen(false);
                setSent(true);
              },
            })
          }
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
