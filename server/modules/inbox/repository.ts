import { sql } from 'kysely';
import type { InboxEntry, InboxPage } from '../../../contracts/office/inbox';
import { NotFoundError } from '../../../domain/errors';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import { encodeCursor, exactTime } from '../../platform/db/keyset';
import { photosOfOrders } from '../photos/repository';

/**
 * The office Inbox (run inside withOfficeScope). Entries are written by triggers (migration 015);
 * the open ones are read newest first through office_inbox_open_idx, keyset on (at, id).
 */
export interface InboxPaging {
  after?: readonly [string, number] | undefined;
  limit: number;
}

/** The Inbox's one query (exported for the query-plan test). */
export function openEntriesQuery(db: Db, { after, limit }: InboxPaging) {
  let query = db
    .selectFrom('office_inbox as i')
    .leftJoin('customers as c', (join) => join.on(sql<boolean>`lower(c.email) = lower(i.email)`))
    .select([
      'i.id',
      'i.kind',
      'i.at',
      exactTime('i.at').as('at_key'),
      'i.email',
      'i.work_order_id',
      'i.quote_id',
      'i.summary',
      'c.id as customer_id',
      'c.name as customer_name',
    ])
    .where('i.done_at', 'is', null);
  if (after) query = query.where(sql<boolean>`(i.at, i.id) < (${after[0]}::timestamptz, ${after[1]}::bigint)`);
  return query
    .orderBy('i.at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit + 1);
}

export async function listOpen(db: Db, paging: InboxPaging): Promise<InboxPage> {
  const { limit } = paging;
  const rows = await openEntriesQuery(db, paging).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const requests = page.filter((row) => row.kind === 'work_request' && row.work_order_id != null).map((row) => Number(row.work_order_id));
  const photos = await photosOfOrders(db, requests);
  const approved = await approvedQuotes(
    db,
    page.filter((row) => row.kind === 'revision_request' && row.quote_id != null).map((row) => Number(row.quote_id)),
  );
  return {
    entries: page.map((row): InboxEntry => ({
      ...(row.kind === 'work_request' && row.work_order_id != null ? { photos: photos.get(Number(row.work_order_id)) ?? [] } : {}),
      id: Number(row.id),
      kind: row.kind,
      at: isoTime(row.at),
      record:
        row.work_order_id != null ? { type: 'work_order', id: Number(row.work_order_id) } : { type: 'quote', id: Number(row.quote_id) },
      customer: { id: row.customer_id == null ? null : Number(row.customer_id), name: row.customer_name, email: row.email },
      summary: row.summary,
      // A revision request on an approved quote: the answer is a change order (contract-spec §2).
      ...(row.kind === 'revision_request' && approved.has(Number(row.quote_id)) ? { action: 'new_change_order' as const } : {}),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.at_key, Number(last.id)]) : null,
  };
}

/** Which of these quotes are Approved. */
async function approvedQuotes(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('quotes').select('id').where('id', 'in', ids).where('status', '=', 'Approved').execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Marks an entry done. True when this call did it, false when it was done already (Done is
 * idempotent: a second click, or two people at once, changes nothing and is not audited again).
 */
export async function markDone(db: Db, id: number, by: string): Promise<boolean> {
  const updated = await db
    .updateTable('office_inbox')
    .set({ done_at: sql<Date>`now()`, done_by: by })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (updated) return true;
  const existing = await db.selectFrom('office_inbox').select('id').where('id', '=', id).executeTakeFirst();
  if (!existing) throw new NotFoundError('Inbox entry not found.');
  return false;
}

/** What the audit row says about the entry. */
export async function describeEntry(db: Db, id: number) {
  return db.selectFrom('office_inbox').select(['kind', 'work_order_id', 'quote_id']).where('id', '=', id).executeTakeFirstOrThrow();
}
