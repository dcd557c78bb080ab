import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { usePublicConfig } from '../../../shared/lib/public-config';
import { useStartPayment } from './api/start-payment';

/**
 * 'Pay now' while a balance is due and the portal takes online payment; without a provider
 * (no STRIPE_SECRET_KEY) the spec's words on paying by check or bank transfer instead.
 */
export function PayNow({ invoiceId, number, balanceDue }: { invoiceId: number; number: string; balanceDue: string }) {
  const { t } = useTranslation('invoices');
  const config = usePublicConfig();
  const pay = useStartPayment(invoiceId);
  if (Number(balanceDue.replace('.', '')) <= 0) return null;
  if (config.data && !config.data.onlinePayments) return <p className="invoice-offline">{t('payOffline')}</p>;
  if (!config.data) return null;
  // Redirecting: the button stays busy until the provider's page replaces this one.
  const busy = pay.isPending || pay.isSuccess;
  const code = pay.error instanceof ApiError ? pay.error.code : null;
  return (
    <>
      <button
        type="button"
        className="button primary"
        aria-busy={busy}
        disabled={busy}
        aria-label={`${t('payNow')} – ${number}`}
        onClick={() => pay.mutate()}
      >
        {busy ? t('paying') : t('payNow')}
      </button>
      {pay.isError && <FormMessage kind="error">{t(code ? `errors.${code}` : 'payFailed', { defaultValue: t('payFailed') })}</FormMessage>}
    </>
  );
}
