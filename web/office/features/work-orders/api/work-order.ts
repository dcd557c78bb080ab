import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addOfficeWorkOrderNote,
  changeOfficeWorkOrderStatus,
  getOfficeWorkOrder,
  scheduleOfficeWorkOrder,
  type AddWorkOrderNote,
  type ChangeWorkOrderStatus,
  type OfficeWorkOrder,
  type ScheduleWorkOrder,
} from '../../../../../contracts/office/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** /office/work-orders/:id in one request: the order, its customer, schedule and full timeline. */
export const officeWorkOrderQuery = (id: number) =>
  queryOptions({
    queryKey: officeQueryKeys.workOrders.detail(id),
    queryFn: ({ signal }) => callEndpoint(getOfficeWorkOrder, { params: { id }, signal }),
    refetchOnMount: false,
  });

/** The order id in /office/work-orders/:id (null when it is not a positive whole number). */
export function workOrderIdFrom(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const prefetchOfficeWorkOrder = async (queryClient: QueryClient, url: URL) => {
  const id = workOrderIdFrom(url.pathname.split('/').pop());
  if (id) await queryClient.prefetchQuery(officeWorkOrderQuery(id));
};

export function useOfficeWorkOrder(id: number) {
  return useQuery(officeWorkOrderQuery(id));
}

/**
 * Every action answers the order as the page shows it: that answer replaces the cached order at
 * once, and the order is then asked for again with the lists (the customer page, the Inbox and the
 * Work Orders list show its status too), so the page always shows what the server holds.
 */
function useOrderAction<Input>(id: number, call: (input: Input) => Promise<OfficeWorkOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      queryClient.setQueryData(officeQueryKeys.workOrders.detail(id), order);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officeQueryKeys.workOrders.all }),
        queryClient.invalidateQueries({ queryKey: officeQueryKeys.customers.all }),
        queryClient.invalidateQueries({ queryKey: officeQueryKeys.inbox }),
      ]),
  });
}

export const useChangeStatus = (id: number) =>
  useOrderAction(id, (body: ChangeWorkOrderStatus) => callEndpoint(changeOfficeWorkOrderStatus, { params: { id }, body }));

export const useSchedule = (id: number) =>
  useOrderAction(id, (body: ScheduleWorkOrder) => callEndpoint(scheduleOfficeWorkOrder, { params: { id }, body }));

export const useAddNote = (id: number) =>
  useOrderAction(id, (body: AddWorkOrderNote) => callEndpoint(addOfficeWorkOrderNote, { params: { id }, body }));
