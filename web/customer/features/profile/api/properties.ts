import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addProperty,
  editProperty,
  listProperties,
  removeProperty,
  type NewProperty,
  type PropertyEdit,
  type PropertyList,
} from '../../../../../contracts/customer/properties';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

export const propertiesQuery = () =>
  queryOptions({ queryKey: queryKeys.properties, queryFn: ({ signal }) => callEndpoint(listProperties, { signal }) });

/** The signed-in customer's properties, the profile address first. */
export const useProperties = () => useQuery(propertiesQuery());

/** 'Add property': the answer joins the cached list (or is the one already there with that address). */
export function useAddProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (property: NewProperty) => callEndpoint(addProperty, { body: property }),
    onSuccess: (added) =>
      queryClient.setQueryData<PropertyList>(queryKeys.properties, (list) =>
        list && !list.properties.some((p) => p.id === added.id) ? { properties: [...list.properties, added] } : list,
      ),
  });
}

/** Removes an unused property; the answer is the list left. */
export function useRemoveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(removeProperty, { params: { id } }),
    onSuccess: (list) => queryClient.setQueryData<PropertyList>(queryKeys.properties, list),
  });
}

/** Renames a property and/or corrects its address (decision 235); the answer is the list. */
export function useEditProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: PropertyEdit }) => callEndpoint(editProperty, { params: { id }, body: edit }),
    onSuccess: (list) => queryClient.setQueryData<PropertyList>(queryKeys.properties, list),
  });
}
