import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInvoice } from '../../../../../contracts/customer/invoices';
import { ApiError, callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** One invoice of the customer: lines, payments received, balance (404 when it is not theirs). */
export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.invoices.detail(id),
    queryFn: ({ signal }) =>
      id > 0 ? callEndpoint(getInvoice, { params: { id }, signal }) : Promise.reject(new ApiError(404, 'not_found', 'Invoice not found.')),
    refetchOnMount: false,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });

/** The id in /invoices/:id (null when it is not a positive whole number). */
export function invoiceIdFrom(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const invoiceScreenQuery = (url: URL) => invoiceQuery(invoiceIdFrom(url.pathname.split('/').pop()) ?? 0);

export function useInvoice(id: number) {
  return useQuery(invoiceQuery(id));
}
