import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getCustomerDetail } from '../../../../../contracts/office/customers';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** The customer page in one request: profile, quotes, work orders and revision requests. */
export const customerDetailQuery = (id: number) =>
  queryOptions({
    queryKey: officeQueryKeys.customers.detail(id),
    queryFn: ({ signal }) => callEndpoint(getCustomerDetail, { params: { id }, signal }),
    refetchOnMount: false,
  });

/** The customer id in /office/customers/:id (null when it is not a positive whole number). */
export function customerIdFrom(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const prefetchCustomerDetail = async (queryClient: QueryClient, url: URL) => {
  const id = customerIdFrom(url.pathname.split('/').pop());
  if (id) await queryClient.prefetchQuery(customerDetailQuery(id));
};

export function useCustomerDetail(id: number) {
  return useQuery(customerDetailQuery(id));
}
