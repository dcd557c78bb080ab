import { z } from 'zod';
import { workOrderStatuses } from '../../domain/work-orders';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { customerText } from '../text';

/** The statuses and the cancel rule live in domain/work-orders.ts. */
export const workOrderStatusSchema = z.enum(workOrderStatuses);

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

/** The customer's orders, newest submitted first, optionally of one status. */
export const listWorkOrders = endpoint({
  method: 'GET',
  path: '/api/work-orders',
  query: listWorkOrdersQuerySchema,
  response: workOrderListSchema,
});

/** A new order, stored as Pending (the Submit Request screen). */
export const submitWorkOrder = endpoint({ method: 'POST', path: '/api/work-orders', body: newWorkOrderSchema, response: workOrderSchema });

/** Cancels a Pending or In Progress order; 409 once it has left those statuses. */
export const cancelWorkOrder = endpoint({
  method: 'POST',
  path: '/api/work-orders/:id/cancel',
  params: idParams,
  response: workOrderSchema,
});
