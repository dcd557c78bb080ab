import { Hono } from 'hono';
import { setupCheckSchema, setupFinishSchema, setupPasswordSchema, type SetupAccount } from '../../contracts/office/setup';
import type { AppDeps } from '../app';
import { choosePassword, finishSetup, setupAccountOf } from '../auth/office/setup';
import { clientAddress } from '../http/client-ip';
import { validate } from '../http/validate';

/**
 * /api/office/setup/*: public, but each call needs the one-time token of an invitation (a POST body,
 * so it stays out of URLs and logs). The answers carry secrets, so nothing may cache them.
 */
export function setupRoutes({ auth, db, config }: Pick<AppDeps, 'auth' | 'db' | 'config'>) {
  const deps = { auth, db, config };
  return new Hono()
    .use('*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .post('/check', validate('json', setupCheckSchema), async (c) => {
      const account = await setupAccountOf(db, c.req.valid('json').token);
      return c.json({ email: account.email, name: account.name, role: account.role } satisfies SetupAccount);
    })
    .post('/password', validate('json', setupPasswordSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      return c.json(await choosePassword(deps, token, password, clientAddress(c, config.trustProxy)));
    })
    .post('/finish', validate('json', setupFinishSchema), async (c) => {
      const { token, password, code } = c.req.valid('json');
      return c.json(await finishSetup(deps, token, password, code, clientAddress(c, config.trustProxy)));
    });
}
