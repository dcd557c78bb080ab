import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { workOrderFilters, type WorkOrderFilter } from '../../../../contracts/customer/work-orders';

/** A labelled select: All, Pending, In Progress, Complete, Cancelled (status names translated). */
export function StatusFilter({ value, onChange }: { value: WorkOrderFilter; onChange: (next: WorkOrderFilter) => void }) {
  const { t } = useTranslation(['workOrders', 'common']);
  const id = useId();
  return (
    <div className="field status-filter">
      <label htmlFor={id}>{t('filter.label')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as WorkOrderFilter)}>
        {workOrderFilters.map((filter) => (
          <option key={filter} value={filter}>
            {filter === 'All' ? t('filter.all') : t(`common:status.${filter}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
