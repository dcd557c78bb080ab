import { useSearchParams } from 'react-router';
import { workOrderFilterSchema, type WorkOrderFilter } from '../../../../contracts/customer/work-orders';

/**
 * The status filter lives in the URL (?status=In%20Progress), so a reload or Back keeps it.
 * Each change is a history entry; 'All' is the bare path; an unknown value reads as 'All'.
 */
export function useStatusFilter(): [WorkOrderFilter, (next: WorkOrderFilter) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = workOrderFilterSchema.safeParse(params.get('status') ?? 'All');
  const filter = parsed.success ? parsed.data : 'All';
  const setFilter = (next: WorkOrderFilter) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'All') updated.delete('status');
      else updated.set('status', next);
      return updated;
    });
  return [filter, setFilter];
}
