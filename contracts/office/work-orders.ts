import { photoSchema } from '../customer/photos';
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { calendarDay, idParams } from '../fields';
import { customerText } from '../text';
import {
  WORK_ORDER_ADDRESS_MAX,
  WORK_ORDER_DESCRIPTION_MAX,
  workOrderScheduleSchema,
  workOrderStatusSchema,
} from '../customer/work-orders';
import { cursorSchema } from './paging';
import { dayFilter, recordCustomerSchema } from './record-lists';

/** The schedule as the office sees it: the customer's wall-clock view plus the exact instants. */
export const officeScheduleSchema = workOrderScheduleSchema.extend({ start: z.iso.datetime(), end: z.iso.datetime() });
export type OfficeSchedule = z.infer<typeof officeScheduleSchema>;

/** The office's Work Orders screen (/office/work-orders): by status with counts, by date, searchable. */
export const officeWorkOrderListQuerySchema = z.object({
  status: workOrderStatusSchema.optional(),
  /** Matches the description, the address, the owner e-mail, or the customer's name, phone or account number. */
  q: z.string().trim().max(100).optional(),
  /** Inclusive days on which the order was submitted, in the company's time zone (COMPANY_TIMEZONE). */
  from: dayFilter.optional(),
  to: dayFilter.optional(),
  /** Orders whose visit is on this day (the company's calendar day). */
  scheduled: dayFilter.optional(),
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type OfficeWorkOrderListQuery = z.input<typeof officeWorkOrderListQuerySchema>;

export const officeWorkOrderRowSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  address: z.string(),
  status: workOrderStatusSchema,
  submittedAt: z.iso.datetime(),
  customer: recordCustomerSchema,
  /** The visit, when one is booked (none for a Cancelled order). */
  schedule: officeScheduleSchema.nullable(),
});
export type OfficeWorkOrderRow = z.infer<typeof officeWorkOrderRowSchema>;

export const officeWorkOrderPageSchema = z.object({
  workOrders: z.array(officeWorkOrderRowSchema),
  /** Orders per status under the search and date filters (not the status filter), for the tabs. */
  counts: z.object({ Pending: z.number(), 'In Progress': z.number(), Complete: z.number(), Cancelled: z.number() }),
  nextCursor: z.string().nullable(),
});
export type OfficeWorkOrderPage = z.infer<typeof officeWorkOrderPageSchema>;

export const listOfficeWorkOrders = endpoint({
  method: 'GET',
  path: '/api/office/work-orders',
  query: officeWorkOrderListQuerySchema,
  response: officeWorkOrderPageSchema,
});

/**
 * One row of work_order_events, everything included: who did it (null for plain SQL), internal
 * notes, and whether the customer sees it. kind is 'created', 'status', 'schedule' or 'note'
 * (free text in the table: rows put in by SQL may say something else).
 */
export const officeWorkOrderEventSchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  kind: z.string(),
  actorEmail: z.string().nullable(),
  /** The actor's account name, when the e-mail belongs to an account (optional for older answers). */
  actorName: z.string().nullable().optional(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  body: z.string().nullable(),
  visibleToCustomer: z.boolean(),
  schedule: officeScheduleSchema.nullable(),
});
export type OfficeWorkOrderEvent = z.infer<typeof officeWorkOrderEventSchema>;

/** The customer an order belongs to: its owner e-mail, and the profile when a customers row has that e-mail. */
export const officeWorkOrderCustomerSchema = z.object({
  id: z.number().int().positive().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  accountNumber: z.string().nullable(),
  /** 'E-mail me about updates'; null when there is no profile (no update e-mails then). */
  emailUpdates: z.boolean().nullable(),
});

/** /office/work-orders/:id: the order, its customer, schedule, linked quote and full timeline (oldest first). */
export const officeWorkOrderSchema = z.object({
  id: z.number().int().positive(),
  description: z.string(),
  address: z.string(),
  status: workOrderStatusSchema,
  submittedAt: z.iso.datetime(),
  requestDate: z.string(),
  cancelReason: z.string().nullable(),
  /** Who of the account asked (issue 26.4, work_orders.requested_by): null for the office's, plain SQL's or a removed person's. */
  requestedBy: z.object({ name: z.string(), email: z.string() }).nullable().optional(),
  quoteId: z.number().nullable(),
  /** The property it is for (address is its address, copied); null for an order put in by plain SQL. Optional for older fixtures. */
  propertyId: z.number().nullable().optional(),
  schedule: officeScheduleSchema.nullable(),
  /** COMPANY_TIMEZONE: the zone a new schedule is typed in (the order page says it before there is a schedule). */
  timeZone: z.string(),
  /** The statuses staff may move it to now (domain/work-orders/transitions.ts). */
  nextStatuses: z.array(workOrderStatusSchema),
  customer: officeWorkOrderCustomerSchema,
  timeline: z.array(officeWorkOrderEventSchema),
  /** The photos sent with the request (images at /api/office/work-order-photos/:id); always sent, optional for older fixtures. */
  photos: z.array(photoSchema).optional(),
  /** The latest quote written for this request ('Create quote'), if any: the page links it. */
  requestQuote: z.object({ id: z.number().int().positive(), status: z.string() }).nullable().optional(),
});
export type OfficeWorkOrder = z.infer<typeof officeWorkOrderSchema>;

export const getOfficeWorkOrder = endpoint({
  method: 'GET',
  path: '/api/office/work-orders/:id',
  params: idParams,
  response: officeWorkOrderSchema,
});

export const CANCEL_REASON_MAX = 500;

/**
 * Pending -> In Progress -> Complete, or an open order -> Cancelled with a reason (the customer
 * sees the reason). `from` is the status the screen showed: a change made meanwhile answers 409.
 */
export const changeWorkOrderStatusSchema = z
  .object({
    status: workOrderStatusSchema,
    reason: z.string().trim().max(CANCEL_REASON_MAX, `The reason must be at most ${CANCEL_REASON_MAX} characters.`).optional(),
    from: workOrderStatusSchema.optional(),
  })
  .refine((body) => body.status !== 'Cancelled' || !!body.reason, {
    path: ['reason'],
    message: 'A reason is required to cancel a work order.',
  });
export type ChangeWorkOrderStatus = z.infer<typeof changeWorkOrderStatusSchema>;

export const changeOfficeWorkOrderStatus = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/status',
  params: idParams,
  body: changeWorkOrderStatusSchema,
  response: officeWorkOrderSchema,
});

/**
 * A date and the arrival window ('Arrival from' / 'Llegada desde', 'Arrival until' / 'Llegada hasta')
 * as the company's wall clock (COMPANY_TIMEZONE). Scheduling again reschedules. The zone's rules
 * (a time skipped by daylight saving is refused) are checked on the server: domain/work-orders/schedule.ts.
 */
export const scheduleWorkOrderSchema = z.object({
  date: calendarDay('Use a date like 2026-11-23.'),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 08:30.'),
  until: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 08:30.'),
});
export type ScheduleWorkOrder = z.infer<typeof scheduleWorkOrderSchema>;

export const scheduleOfficeWorkOrder = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/schedule',
  params: idParams,
  body: scheduleWorkOrderSchema,
  response: officeWorkOrderSchema,
});

export const NOTE_MAX = 4000;

/** A note: internal (staff only, the default) or 'Visible to customer' / 'Visible para el cliente'. */
export const addWorkOrderNoteSchema = z.object({
  body: customerText({ required: 'The note is empty.', tooLong: `A note must be at most ${NOTE_MAX} characters.` }, NOTE_MAX),
  visibleToCustomer: z.boolean().default(false),
});
export type AddWorkOrderNote = z.infer<typeof addWorkOrderNoteSchema>;

export const addOfficeWorkOrderNote = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/notes',
  params: idParams,
  body: addWorkOrderNoteSchema,
  response: officeWorkOrderSchema,
});

/**
 * 'Create work order' / 'Crear orden' on an Approved quote: a Pending order for the quote's customer,
 * linked to it; the description is the quote's and the address the customer's profile's unless given.
 * One order per quote (409 for a second, and unless the quote is Approved).
 */
export const createWorkOrderFromQuoteSchema = z.object({
  description: customerText(
    { required: 'Description of the issue is required.', tooLong: `Description must be at most ${WORK_ORDER_DESCRIPTION_MAX} characters.` },
    WORK_ORDER_DESCRIPTION_MAX,
  ).optional(),
  address: customerText(
    { required: 'Service address is required.', tooLong: `Service address must be at most ${WORK_ORDER_ADDRESS_MAX} characters.` },
    WORK_ORDER_ADDRESS_MAX,
  ).optional(),
});
export type CreateWorkOrderFromQuote = z.infer<typeof createWorkOrderFromQuoteSchema>;

export const createOfficeWorkOrderFromQuote = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/work-order',
  params: idParams,
  body: createWorkOrderFromQuoteSchema,
  response: officeWorkOrderSchema,
});
