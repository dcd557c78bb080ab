import { z } from 'zod';
import { workOrderStatuses } from '../../domain/work-orders';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { customerText } from '../text';
import { photoIdsSchema, photoSchema } from './photos';

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
  /** Photos uploaded first (POST /api/work-order-photos), linked to the order in its transaction. */
  photoIds: photoIdsSchema.optional(),
  /**
   * 'Property' / 'Propiedad' (contract-spec §4): one of the customer's properties (the server checks it
   * is theirs; address is then the property's). Absent: 'Another address', the address becomes one of
   * their properties (decision 224).
   */
  propertyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type NewWorkOrder = z.infer<typeof newWorkOrderSchema>;

/**
 * When the company comes: 'Scheduled: {date}, {from}–{until}' / 'Programada: …' (office-spec section 4).
 * The company's wall clock in its zone (COMPANY_TIMEZONE), shown as it is, whatever the browser's zone.
 */
export const workOrderScheduleSchema = z.object({
  /** YYYY-MM-DD, the company's calendar day. */
  date: z.string(),
  /** 'Arrival from' and 'Arrival until': HH:MM, 24-hour, in timeZone. */
  from: z.string(),
  until: z.string(),
  /** IANA name, e.g. America/Chicago. */
  timeZone: z.string(),
});
export type WorkOrderSchedule = z.infer<typeof workOrderScheduleSchema>;

/**
 * A work order as the API returns it; dates are ISO strings (request_date is YYYY-MM-DD).
 * schedule and quoteId are always sent (null when there is none); optional in the type so answers
 * and fixtures written before they existed still read.
 */
export const workOrderSchema = z.object({
  id: z.number(),
  description: z.string(),
  address: z.string(),
  status: workOrderStatusSchema,
  submitted_at: z.string(),
  request_date: z.string(),
  schedule: workOrderScheduleSchema.nullable().optional(),
  /** 'From Quote #{id}' / 'De la cotización #{id}' when the office made the order from a quote. */
  quoteId: z.number().nullable().optional(),
  /** The property it is for (address is then that property's); null for an order put in by plain SQL. */
  propertyId: z.number().nullable().optional(),
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

/**
 * What the customer's timeline shows: the order was created, its status changed (a cancellation by
 * the office with its reason in body), it was scheduled or rescheduled (schedule; null when the
 * office took the schedule off), or the office left a note visible to the customer (body).
 * Never internal notes, never who on the staff did it.
 */
export const workOrderEventKinds = ['created', 'status', 'schedule', 'note'] as const;
export const customerWorkOrderEventSchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  kind: z.enum(workOrderEventKinds),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  body: z.string().nullable(),
  schedule: workOrderScheduleSchema.nullable(),
});
export type CustomerWorkOrderEvent = z.infer<typeof customerWorkOrderEventSchema>;

export const workOrderDetailSchema = z.object({
  workOrder: workOrderSchema,
  /** Oldest first. */
  timeline: z.array(customerWorkOrderEventSchema),
  /** The photos sent with the request (images at /api/work-order-photos/:id); always sent, optional for older fixtures. */
  photos: z.array(photoSchema).optional(),
  /** The customer sent it as a request and a quote answered it: its work continues the same order (not made from the quote). */
  sentAsRequest: z.boolean().optional(),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** The customer's /work-orders/:id: the order and its customer-visible timeline; 404 when it is not theirs. */
export const getWorkOrder = endpoint({ method: 'GET', path: '/api/work-orders/:id', params: idParams, response: workOrderDetailSchema });
