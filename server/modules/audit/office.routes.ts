import { Hono } from 'hono';
import { listAudit } from '../../../contracts/office/audit';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import { validate } from '../../platform/http/validate';
import { afterKey } from '../../platform/http/paging';
import { listAuditEntries } from './repository';

/** GET /api/office/audit: owners and staff read it (behind requireStaff); nobody changes it. Days are the company's (COMPANY_TIMEZONE). */
export function auditOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono<OfficeEnv>().on(listAudit.method, listAudit.path, validate('query', listAudit.query), async (c) => {
    const { after, ...filter } = c.req.valid('query');
    const key = afterKey(after, ['time', 'number'] as const);
    return c.json(
      await withOfficeScope(db, c.get('staff').email, (trx) =>
        listAuditEntries(trx, { ...filter, after: key, timeZone: config.company.timeZone }),
      ),
    );
  });
}
