import { sql } from 'kysely';
import type { AuditEntry, AuditPage } from '../../../contracts/office/audit';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import { encodeCursor, exactTime } from '../../platform/db/keyset';

export interface AuditFilter {
  actor?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Inclusive calendar days, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
  after?: readonly [string, number] | undefined;
  limit: number;
  /**
   * The IANA zone whose whole days `from` and `to` are: the company's (COMPANY_TIMEZONE), so "the 3rd"
   * is the office's 3rd, midnight to midnight on its wall clock (23 or 25 hours on a clock change).
   */
  timeZone: string;
}

/** audit_log newest first, filtered; each filter has an index (migration 016). Exported for the query-plan test. */
export function auditQuery(db: Db, filter: AuditFilter) {
  const zone = filter.timeZone;
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'at', exactTime('at').as('at_key'), 'actor_email', 'action', 'entity', 'entity_id', 'before', 'after', 'ip']);
  if (filter.actor) query = query.where(sql<boolean>`lower(actor_email) = lower(${filter.actor})`);
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  if (filter.from) query = query.where(sql<boolean>`at >= (${filter.from}::date)::timestamp AT TIME ZONE ${zone}`);
  if (filter.to) query = query.where(sql<boolean>`at < (${filter.to}::date + 1)::timestamp AT TIME ZONE ${zone}`);
  if (filter.after) query = query.where(sql<boolean>`(at, id) < (${filter.after[0]}::timestamptz, ${filter.after[1]}::bigint)`);
  return query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1);
}

export async function listAuditEntries(db: Db, filter: AuditFilter): Promise<AuditPage> {
  const rows = await auditQuery(db, filter).execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row): AuditEntry => ({
      id: Number(row.id),
      at: isoTime(row.at),
      actorEmail: row.actor_email,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
    nextCursor: rows.length > filter.limit && last ? encodeCursor([last.at_key, Number(last.id)]) : null,
    timeZone: filter.timeZone,
  };
}
