import { z } from 'zod';
import { calendarDay } from '../fields';
import { endpoint } from '../endpoint';
import { cursorSchema } from './paging';

/** The Audit log screen (/office/audit): every office action, newest first, filterable. */
const day = calendarDay('Use a date like 2026-11-23.');

export const auditQuerySchema = z.object({
  /** The acting account's e-mail (exact, case-insensitive). */
  actor: z.string().trim().max(254).optional(),
  /** The kind of record: 'user', 'customer', 'quote', 'work_order', 'inbox'. */
  entity: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(64).optional(),
  /** Inclusive days in the company's time zone. */
  from: day.optional(),
  to: day.optional(),
  after: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  at: z.iso.datetime(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
  /** The IANA zone whose whole days `from` and `to` are (COMPANY_TIMEZONE). */
  timeZone: z.string(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Owners and staff may read it; nobody can change it. */
export const listAudit = endpoint({ method: 'GET', path: '/api/office/audit', query: auditQuerySchema, response: auditPageSchema });
