import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { listAudit } from '../../../../../contracts/office/audit';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys, type OfficeAuditFilter } from '../../../lib/query-keys';

/** The audit log under its filters, newest first, a keyset page at a time. */
export const auditQuery = (filter: OfficeAuditFilter) =>
  infiniteQueryOptions({
    queryKey: officeQueryKeys.audit.list(filter),
    queryFn: ({ pageParam, signal }) => callEndpoint(listAudit, { query: { ...filter, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: false,
  });

const FILTER_KEYS = ['actor', 'entity', 'entityId', 'from', 'to'] as const;

/** The filters a URL asks for (?actor=&entity=&entityId=&from=&to=); empty ones are left out. */
export function auditFilterFrom(params: URLSearchParams): OfficeAuditFilter {
  const filter: OfficeAuditFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

export const prefetchAudit = (queryClient: QueryClient, url: URL) =>
  queryClient.prefetchInfiniteQuery(auditQuery(auditFilterFrom(url.searchParams)));

export function useAudit(filter: OfficeAuditFilter) {
  return useInfiniteQuery(auditQuery(filter));
}
