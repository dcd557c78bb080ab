import { queryOptions, useQuery } from '@tanstack/react-query';
import { listInvoices } from '../../../../../contracts/customer/invoices';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** The customer's issued invoices, newest first, and what is due in all. */
export const invoicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.invoices.list,
    queryFn: ({ signal }) => callEndpoint(listInvoices, { signal }),
    refetchOnMount: false,
  });

export const invoicesScreenQuery = () => invoicesQuery();

export function useInvoices() {
  return useQuery(invoicesQuery());
}
