import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setOfficeWorkOrderProperty } from '../../../../contracts/office/properties';
import type { OfficeWorkOrder } from '../../../../contracts/office/work-orders';
import { callEndpoint } from '../../../shared/api/client';
import { PropertyPicker } from '../../components/PropertyPicker';
import { officeQueryKeys } from '../../lib/query-keys';

/** The order's 'Property': the office changes it (and so the address) until the order is In Progress. */
export function OrderProperty({ order }: { order: OfficeWorkOrder }) {
  const { t } = useTranslation(['properties', 'common']);
  const queryClient = useQueryClient();
  const locked =
    order.status === 'Pending'
      ? null
      : t('properties:lockedOrder', { status: t(`common:status.${order.status}`, { defaultValue: order.status }) });
  return (
    <PropertyPicker
      customerId={order.customer.id}
      currentId={order.propertyId ?? null}
      locked={locked}
      save={(body) => callEndpoint(setOfficeWorkOrderProperty, { params: { id: order.id }, body })}
      onSaved={() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: officeQueryKeys.workOrders.all }),
          queryClient.invalidateQueries({ queryKey: officeQueryKeys.customers.all }),
        ])
      }
    />
  );
}
