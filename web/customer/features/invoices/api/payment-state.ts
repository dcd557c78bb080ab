import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPaymentAttempt } from '../../../../../contracts/customer/payments';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

const POLL_MS = 2_000;

/**
 * Back from the provider's page (?payment=<attempt>): asks until the payment counted (the signed
 * webhook may come before or after the customer), then refreshes the invoice and the list.
 */
export function usePaymentState(invoiceId: number, attempt: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.invoices.payment(invoiceId, attempt ?? ''),
    queryFn: ({ signal }) => callEndpoint(getPaymentAttempt, { params: { id: invoiceId, attempt: attempt ?? '' }, signal }),
    enabled: attempt !== null,
    refetchInterval: (q) => (q.state.data?.state === 'processing' ? POLL_MS : false),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
  const state = query.data?.state;
  useEffect(() => {
    if (state !== 'received') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.list });
    void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.detail(invoiceId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  }, [state, queryClient, invoiceId]);
  return query;
}
