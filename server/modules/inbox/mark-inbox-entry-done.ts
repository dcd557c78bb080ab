import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { audit } from '../../platform/audit';
import { describeEntry, markDone } from './repository';

/**
 * 'Done' on an Inbox entry, in the caller's transaction in the office's scope: the entry is marked
 * and its audit_log row names what it was. An entry already done changes nothing and records nothing.
 */
export async function markInboxEntryDone(db: Db, meta: RequestMeta, { id }: { id: number }): Promise<void> {
  if (!(await markDone(db, id, meta.actor))) return;
  const entry = await describeEntry(db, id);
  await audit(db, {
    actor: meta.actor,
    action: 'done',
    entity: 'inbox',
    entityId: id,
    before: { done: false },
    after: { done: true, ...entry },
    ip: meta.ip,
  });
}
