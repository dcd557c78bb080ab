import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/components/FormMessage';
import { usePaymentState } from './api/payment-state';

/**
 * Back from the provider's page: 'Your payment is being processed.' until the signed webhook has
 * counted it, then 'Thank you! Your payment was received.' (contract-spec §3). A payment the office
 * must review (more than the balance) stays 'being processed' for the customer: the office settles it.
 */
export function PaymentReturn({ invoiceId, attempt }: { invoiceId: number; attempt: string }) {
  const { t } = useTranslation('invoices');
  const state = usePaymentState(invoiceId, attempt);
  if (!state.data) return null;
  return (
    <div className="payment-return" aria-live="polite">
      {state.data.state === 'received' ? (
        <FormMessage kind="success">{t('paymentReceived')}</FormMessage>
      ) : (
        <FormMessage kind="info">{t('paymentProcessing')}</FormMessage>
      )}
    </div>
  );
}
