import { Hono } from 'hono';
import { getOfficeMe, type OfficeMe } from '../contracts/office/staff';
import type { AppDeps } from './deps';
import { requireStaff, type OfficeEnv } from './auth/office/guard';
import { NotFoundError } from '../domain/errors';
import { sameOrigin } from './platform/http/same-origin';
import { setupOfficeRoutes } from './modules/staff/setup.routes';
import { staffOfficeRoutes } from './modules/staff/office.routes';
import { quoteOfficeRoutes } from './modules/quotes/office.routes';
import { workOrderOfficeRoutes } from './modules/work-orders/office.routes';
import { auditOfficeRoutes } from './modules/audit/office.routes';
import { customerOfficeRoutes } from './modules/customers/office.routes';
import { inboxOfficeRoutes } from './modules/inbox/office.routes';
import { photoOfficeRoutes } from './modules/photos/office.routes';
import { signatureOfficeRoutes } from './modules/signatures/office.routes';
import { changeOrderOfficeRoutes } from './modules/change-orders/office.routes';
import { invoiceOfficeRoutes } from './modules/invoices/office.routes';
import { invitationOfficeRoutes } from './modules/invitations/office.routes';

/**
 * /api/office/*: the office's API, chained before the customer API (server/app.ts), every route
 * with its full path from its contract (contracts/office/). Order matters: a route answers without
 * calling on, so the set-up routes stay public (token-gated), the staff routes check for an owner
 * themselves, and everything registered after requireStaff needs an office session.
 */
export function officeRoutes(deps: AppDeps) {
  const { auth, config } = deps;
  return new Hono<OfficeEnv>()
    .use('/api/office/*', sameOrigin(config.appUrl))
    .route('/', setupOfficeRoutes(deps))
    .route('/', staffOfficeRoutes(deps))
    .use('/api/office/*', requireStaff(auth, config))
    .on(getOfficeMe.method, getOfficeMe.path, (c) => {
      const { userId, email, name, role } = c.get('staff');
      return c.json({ id: userId, email, name, role } satisfies OfficeMe);
    })
    .route('/', quoteOfficeRoutes(deps))
    .route('/', signatureOfficeRoutes(deps))
    .route('/', workOrderOfficeRoutes(deps))
    .route('/', customerOfficeRoutes(deps))
    .route('/', inboxOfficeRoutes(deps))
    .route('/', photoOfficeRoutes(deps))
    .route('/', auditOfficeRoutes(deps))
    .route('/', changeOrderOfficeRoutes(deps))
    .route('/', invoiceOfficeRoutes(deps))
    .route('/', invitationOfficeRoutes(deps))
    .all('/api/office/*', () => {
      throw new NotFoundError('Not found.');
    });
}
