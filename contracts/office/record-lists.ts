import { z } from 'zod';
import { calendarDay } from '../fields';

/** The customer a listed record belongs to: its owner e-mail, and the customers row when one has it. */
export const recordCustomerSchema = z.object({
  id: z.number().int().positive().nullable(),
  name: z.string().nullable(),
  email: z.string(),
});
export type RecordCustomer = z.infer<typeof recordCustomerSchema>;

/** Inclusive calendar days (YYYY-MM-DD) a list can be narrowed to. */
export const dayFilter = calendarDay('Use a date like 2026-11-23.');
