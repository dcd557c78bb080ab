import { useMutation, useQuery } from '@tanstack/react-query';
import { listInvoices } from '../../../../../contracts/customer/invoices';
import { startPayment } from '../../../../../contracts/customer/payments';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The deposit invoice an approval issued (contract-spec §3), with something still due; null when the
 * quote has no deposit. Read from the invoices list (the same key as the Invoices screen's query).
 */
export function useDepositInvoice(quoteId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.invoices.list,
    queryFn: ({ signal }) => callEndpoint(listInvoices, { signal }),
    enabled,
    select: (list) => list.invoices.find((i) => i.quoteId === quoteId && i.kind === 'deposit' && /[1-9]/.test(i.balanceDue)) ?? null,
  });
}

/** 'Pay deposit': the checkout of the deposit invoice's balance; the browser goes to the provider's page. */
export function usePayDeposit() {
  return useMutation({
    mutationFn: (invoiceId: number) => callEndpoint(startPayment, { params: { id: invoiceId } }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
