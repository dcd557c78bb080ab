import { Hono } from 'hono';
import type { OfficeMe } from '../../contracts/office/staff';
import type { AppDeps } from '../app';
import { requireStaff, type OfficeEnv } from '../auth/office/guard';
import { AppError } from '../http/errors';
import { sameOrigin } from '../http/same-origin';
import { setupRoutes } from './setup-routes';
import { staffRoutes } from './staff-routes';

/**
 * /api/office/*: the office's API, mounted before the customer API (server/app.ts). Order matters:
 * a route answers without calling on, so the set-up routes stay public, the staff routes check
 * for an owner themselves, and everything registered after requireStaff needs an office session.
 */
export function officeRoutes(deps: AppDeps) {
  const { auth, config } = deps;
  const office = new Hono<OfficeEnv>();
  office.use('*', sameOrigin(config.appUrl));
  office.route('/setup', setupRoutes(deps));
  office.route('/staff', staffRoutes(deps));
  office.use('*', requireStaff(auth));
  office.get('/me', (c) => {
    const { userId, email, name, role } = c.get('staff');
    return c.json({ id: userId, email, name, role } satisfies OfficeMe);
  });
  office.all('*', () => {
    throw new AppError(404, 'not_found', 'Not found.');
  });
  return office;
}
