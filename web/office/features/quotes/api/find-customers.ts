import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchCustomers } from '../../../../../contracts/office/customers';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** The first page of customers matching q (name, e-mail, phone, account #, address; accent-blind), for the quote's customer picker. */
export function useCustomerChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: officeQueryKeys.customers.picker(q),
    queryFn: ({ signal }) => callEndpoint(searchCustomers, { query: { q: q || undefined, limit: 8 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
