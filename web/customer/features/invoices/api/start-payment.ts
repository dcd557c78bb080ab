import { useMutation } from '@tanstack/react-query';
import { startPayment } from '../../../../../contracts/customer/payments';
import { callEndpoint } from '../../../../shared/api/client';

/** 'Pay now': the server opens a checkout for the balance due; the browser goes to the provider's page. */
export function useStartPayment(invoiceId: number) {
  return useMutation({
    mutationFn: () => callEndpoint(startPayment, { params: { id: invoiceId } }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
