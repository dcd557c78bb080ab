import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { invoiceListedStatuses, officePaymentMethods, type InvoiceListedStatus } from '../../../../../contracts/invoice-document';
import {
  getOfficeInvoice,
  getOfficeWorkOrderInvoices,
  listOfficeInvoices,
  createOfficeInvoice,
  discardOfficeInvoice,
  recordOfficePayment,
  recordOfficeRefund,
  sendOfficeInvoice,
  voidOfficeInvoice,
  type CreateInvoiceInput,
  type OfficeInvoice,
  type RecordPaymentBody,
  type RecordRefundBody,
} from '../../../../../contracts/office/invoices';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';
import { textParam } from '../../../lib/use-search-param';
import type { NewInvoiceForm } from '../invoice-form';
import { cleanMoney, cleanPercent } from '../invoice-form';

export type { OfficeInvoice, OfficeInvoiceRow } from '../../../../../contracts/office/invoices';
export { officePaymentMethods };
/** The list's status tabs: the stored statuses, then 'Overdue'. */
export const invoiceListStatuses = invoiceListedStatuses;

export interface InvoiceListFilter {
  status?: InvoiceListedStatus;
  q?: string;
}

/** The filter an Invoices URL asks for (?status=&q=); anything malformed is left out. */
export function invoiceFilterFrom(params: URLSearchParams): InvoiceListFilter {
  const status = params.get('status');
  const q = textParam(params);
  return {
    ...((invoiceListedStatuses as readonly string[]).includes(status ?? '') && { status: status as InvoiceListedStatus }),
    ...(q && { q }),
  };
}

/** Every customer's invoices, newest first, a keyset page at a time, with the counts per status and the totals. */
export const officeInvoicesQuery = (filter: InvoiceListFilter) =>
  infiniteQueryOptions({
    queryKey: officeQueryKeys.invoices.list(filter),
    queryFn: ({ pageParam, signal }) => callEndpoint(listOfficeInvoices, { query: { ...filter, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
    refetchOnMount: false,
  });
export const useOfficeInvoices = (filter: InvoiceListFilter) => useInfiniteQuery(officeInvoicesQuery(filter));
export const prefetchOfficeInvoices = (queryClient: QueryClient, url: URL) =>
  queryClient.prefetchInfiniteQuery(officeInvoicesQuery(invoiceFilterFrom(url.searchParams)));

/** A positive whole id from a URL segment, else null. */
export function invoiceIdFrom(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const officeInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: officeQueryKeys.invoices.detail(id),
    queryFn: ({ signal }) => callEndpoint(getOfficeInvoice, { params: { id }, signal }),
  });
export const useOfficeInvoice = (id: number) => useQuery(officeInvoiceQuery(id));
export const prefetchOfficeInvoice = async (queryClient: QueryClient, url: URL) => {
  const id = invoiceIdFrom(/\/office\/invoices\/(\d+)/.exec(url.pathname)?.[1]);
  if (id) await queryClient.prefetchQuery(officeInvoiceQuery(id));
};

export const workOrderInvoicesQuery = (workOrderId: number) =>
  queryOptions({
    queryKey: officeQueryKeys.invoices.workOrder(workOrderId),
    queryFn: ({ signal }) => callEndpoint(getOfficeWorkOrderInvoices, { params: { id: workOrderId }, signal }),
  });
export const useWorkOrderInvoices = (workOrderId: number) => useQuery(workOrderInvoicesQuery(workOrderId));

/** An answer that is the invoice as it is now: it replaces the cached one, and every list and work order's figures are asked again. */
function useInvoiceMutation<T>(id: number, call: (input: T) => Promise<OfficeInvoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (invoice) => {
      queryClient.setQueryData(officeQueryKeys.invoices.detail(id), invoice);
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.invoices.lists });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.invoices.workOrders });
    },
  });
}

export const useSendInvoice = (id: number) => useInvoiceMutation<void>(id, () => callEndpoint(sendOfficeInvoice, { params: { id } }));

export const useVoidInvoice = (id: number) =>
  useInvoiceMutation<{ reason: string }>(id, (body) => callEndpoint(voidOfficeInvoice, { params: { id }, body }));

export const useRecordPayment = (id: number) =>
  useInvoiceMutation<RecordPaymentBody>(id, (body) => callEndpoint(recordOfficePayment, { params: { id }, body }));

export const useRecordRefund = (id: number) =>
  useInvoiceMutation<RecordRefundBody>(id, (body) => callEndpoint(recordOfficeRefund, { params: { id }, body }));

/** 'Discard draft': the draft is gone; the lists and the work order's figures are asked again. */
export function useDiscardInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(discardOfficeInvoice, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: officeQueryKeys.invoices.detail(id) });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.invoices.lists });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.invoices.workOrders });
    },
  });
}

/** 'New invoice' on a work order: the draft it made, cached for its page. */
export function useCreateInvoice(workOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceInput) => callEndpoint(createOfficeInvoice, { params: { id: workOrderId }, body }),
    onSuccess: (invoice) => {
      queryClient.setQueryData(officeQueryKeys.invoices.detail(invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.invoices.lists });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.invoices.workOrder(workOrderId) });
    },
  });
}

/** The body of 'Create invoice' for the dialog's form (checked by the dialog first). */
export function newInvoiceBody(form: NewInvoiceForm): CreateInvoiceInput {
  if (form.kind === 'final') return { kind: 'final' };
  return form.basis === 'percent'
    ? { kind: 'progress', description: form.description.trim(), percent: cleanPercent(form.percent) }
    : { kind: 'progress', description: form.description.trim(), amount: cleanMoney(form.amount) };
}
