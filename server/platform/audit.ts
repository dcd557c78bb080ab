import type { Db } from './db/customer-scope';

/** Who did an office action from the command line rather than a signed-in account. */
export const COMMAND_LINE_ACTOR = 'command-line';

export interface AuditEntry {
  /** The signed-in office account's e-mail, or COMMAND_LINE_ACTOR. */
  actor: string | null;
  /** What was done, e.g. 'sign-in', 'invite', 'suspend', 'set-role'. */
  action: string;
  /** The kind of record it was done to, e.g. 'user', 'quote'. */
  entity: string;
  entityId?: string | number | null | undefined;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
  ip?: string | null | undefined;
}

/**
 * Appends one row to audit_log (insert-only: migration 010 refuses UPDATE and DELETE). Pass the
 * transaction that makes the change, so the change and its audit row are kept or lost together.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_email: entry.actor,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before == null ? null : JSON.stringify(entry.before),
      after: entry.after == null ? null : JSON.stringify(entry.after),
      ip: entry.ip || null,
    })
    .execute();
}
