import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PropertyList } from '../../../contracts/customer/properties';
import { listOfficeCustomerProperties, type ChooseProperty, type ChosenProperty } from '../../../contracts/office/properties';
import { callEndpoint } from '../../shared/api/client';
import { officeQueryKeys } from '../lib/query-keys';

export const customerPropertiesQuery = (customerId: number) =>
  queryOptions({
    queryKey: officeQueryKeys.customers.properties(customerId),
    queryFn: ({ signal }) => callEndpoint(listOfficeCustomerProperties, { params: { id: customerId }, signal }),
  });

/** A customer's properties, the profile address first (none asked for without a customer). */
export const useCustomerProperties = (customerId: number | null) =>
  useQuery({ ...customerPropertiesQuery(customerId ?? 0), enabled: customerId !== null });

/**
 * Saves a record's property with `save` (the quote's or the work order's endpoint); 'Another address'
 * may have added one to the customer's list, so it is read again, and `onSaved` refreshes the record.
 */
export function useSaveProperty(
  customerId: number | null,
  save: (choice: ChooseProperty) => Promise<ChosenProperty>,
  onSaved: () => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async ({ property }) => {
      if (customerId !== null) {
        queryClient.setQueryData<PropertyList>(officeQueryKeys.customers.properties(customerId), (list) =>
          list && !list.properties.some((p) => p.id === property.id) ? { properties: [...list.properties, property] } : list,
        );
      }
      await onSaved();
    },
  });
}
