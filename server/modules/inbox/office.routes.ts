import { Hono } from 'hono';
import { listInbox, markInboxEntryDone } from '../../../contracts/office/inbox';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import { clientAddress } from '../../platform/http/client-ip';
import { validate } from '../../platform/http/validate';
import { audit } from '../../platform/audit';
import { afterKey } from '../../platform/http/paging';
import { describeEntry, listOpen, markDone } from './repository';

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
      const { email } = c.get('staff');
      await withOfficeScope(db, email, async (trx) => {
        if (!(await markDone(trx, id, email))) return;
        const entry = await describeEntry(trx, id);
        const ip = clientAddress(c, config.trustProxy);
        await audit(trx, {
          actor: email,
          action: 'done',
          entity: 'inbox',
          entityId: id,
          before: { done: false },
          after: { done: true, ...entry },
          ip,
        });
      });
      return c.json({ id, done: true as const });
    });
}
