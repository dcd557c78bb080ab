import { useQuery } from '@tanstack/react-query';
import { listProperties, type Property } from '../../../../../contracts/customer/properties';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The customer's properties for 'Property' / 'Propiedad': the Profile's query (its key, its endpoint),
 * so one cached answer serves both; features do not import each other. Empty while it loads or when
 * it failed: the page then asks for the address alone, as before properties.
 */
export function useRequestProperties(): { properties: Property[]; loading: boolean } {
  const query = useQuery({
    queryKey: queryKeys.properties,
    queryFn: ({ signal }) => callEndpoint(listProperties, { signal }),
    retry: false,
  });
  return { properties: query.data?.properties ?? [], loading: query.isPending && !query.isError };
}
