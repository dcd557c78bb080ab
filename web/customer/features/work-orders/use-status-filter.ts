import { useSearchParams } from 'react-router';
import { workOrderFilterSchema, type WorkOrderFilter } from '../../../../contracts/customer/work-orders';

/** The filter a URL's query asks for; an unknown value reads as 'All'. */
export function filterFrom(params: URLSearchParams): WorkOrderFilter {
  const parsed = workOrderFilterSchema.safeParse(params.get('status') ?? 'All');
  return parsed.success ? parsed.data : 'All';
}

/**
 * The status filter lives in the URL (?status=In%20Progress), so a reload or Back keeps it.
 * Each change is a history entry; 'All' is the bare path.
 */
export function useStatusFilter(): [WorkOrderFilter, (next: WorkOrderFilter) => void] {
  const [params, setParams] = useSearchParams();
  const setFilter = (next: WorkOrderFilter) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'All') updated.delete('status');
      else updated.set('status', next);
      return updated;
    });
  return [filterFrom(params), setFilter];
}
