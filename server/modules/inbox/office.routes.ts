import { Hono } from 'hono';
import { listInbox, markInboxEntryDone } from '../../../contracts/office/inbox';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import { requestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { afterKey } from '../../platform/http/paging';
import { markInboxEntryDone as markEntryDone } from './mark-inbox-entry-done';
import { listOpen } from './repository';

/** /api/office/inbox: what needs the office, and 'Done'. Owners and staff (behind requireStaff). */
export function inboxOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono<OfficeEnv>()
    .on(listInbox.method, listInbox.path, validate('query', listInbox.query), async (c) => {
      const { after, limit } = c.req.valid('query');
      const key = afterKey(after, ['time', 'number'] as const);
      return c.json(await withOfficeScope(db, c.get('staff').email, (trx) => listOpen(trx, { after: key, limit })));
    })
    .on(markInboxEntryDone.method, markInboxEntryDone.path, validate('param', markInboxEntryDone.params), async (c) => {
      const { id } = c.req.valid('param');
      const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
      await withOfficeScope(db, meta.actor, (trx) => markEntryDone(trx, meta, { id }));
      return c.json({ id, done: true as const });
    });
}
