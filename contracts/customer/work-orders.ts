import { z } from 'zod';
import { customerText } from '../text';

/** The work order statuses of the spec; new orders start as Pending. */
export const workOrderStatuses = ['Pending', 'In Progress', 'Complete', 'Cancelled'] as const;
export const workOrderStatusSchema = z.enum(workOrderStatuses);
export type WorkOrderStatus = z.infer<typeof workOrderStatusSchema>;

/** A customer may cancel only from these statuses. */
export const cancellableStatuses = ['Pending', 'In Progress'] as const satisfies readonly WorkOrderStatus[];
export const isCancellable = (status: string): boolean => (cancellableStatuses as readonly string[]).includes(status);

/** The Work Orders screen's filter (kept in the URL as ?status=...). */
export const workOrderFilters = ['All', ...workOrderStatuses] as const;
export const workOrderFilterSchema = z.enum(workOrderFilters);
export type WorkOrderFilter = z.infer<typeof workOrderFilterSchema>;

export const listWorkOrdersQuerySchema = z.object({
  status: workOrderFilterSchema.default('All'),
});

export const WORK_ORDER_ADDRESS_MAX = 300;
export const WORK_ORDER_DESCRIPTION_MAX = 4000;

/** POST /api/work-orders */
export const newWorkOrderSchema = z.object({
  address: customerText(
    { required: 'Service address is required.', tooLong: `Service address must be at most ${WORK_ORDER_ADDRESS_MAX} characters.` },
    WORK_ORDER_ADDRESS_MAX,
  ),
  description: customerText(
    { required: 'Description of the issue is required.', tooLong: `Description must be at most ${WORK_ORDER_DESCRIPTION_MAX} characters.` },
    WORK_ORDER_DESCRIPTION_MAX,
  ),
});
export type NewWorkOrder = z.infer<typeof newWorkOrderSchema>;

export const workOrderIdParamSchema = z.object({
  id: z.coerce.number({ error: 'The work order id must be a number.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A work order as the API returns it; dates are ISO strings (request_date is YYYY-MM-DD). */
export const workOrderSchema = z.object({
  id: z.number(),
  description: z.string(),
  address: z.string(),
  status: workOrderStatusSchema,
  submitted_at: z.string(),
  request_date: z.string(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const workOrderListSchema = z.object({ workOrders: z.array(workOrderSchema) });
export type WorkOrderList = z.infer<typeof workOrderListSchema>;
