import { Hono } from 'hono';
import { listOfficeQuotes } from '../../../contracts/office/quotes';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { validate } from '../../platform/http/validate';
import { listOfficeQuotes as listQuotes } from './office-list';

/** /api/office/quotes: the office's Quotes screen. Mounted behind requireStaff (modules/office/office.routes.ts). */
export function quoteOfficeRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<OfficeEnv>().on(listOfficeQuotes.method, listOfficeQuotes.path, validate('query', listOfficeQuotes.query), async (c) =>
    c.json(await listQuotes(db, c.req.valid('query'))),
  );
}
