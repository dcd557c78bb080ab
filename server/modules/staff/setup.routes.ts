import { Hono } from 'hono';
import { checkOfficeSetup, chooseOfficePassword, finishOfficeSetup, type SetupAccount } from '../../../contracts/office/setup';
import type { AppDeps } from '../../deps';
import { choosePassword, finishSetup, setupAccountOf } from '../../auth/office/setup';
import { countSetupCall } from '../../auth/office/setup-rate-limit';
import { clientAddress } from '../../platform/http/client-ip';
import { validate } from '../../platform/http/validate';

/**
 * /api/office/setup/*: public, but each call needs the one-time token of an invitation (a POST body,
 * so it stays out of URLs and logs), and each client address may call them only so often
 * (setup-rate-limit.ts). The answers carry secrets, so nothing may cache them.
 */
export function setupOfficeRoutes({ auth, db, config }: Pick<AppDeps, 'auth' | 'db' | 'config'>) {
  const deps = { auth, db, config };
  return new Hono()
    .use('/api/office/setup/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .use('/api/office/setup/*', async (c, next) => {
      await countSetupCall(db, clientAddress(c, config.trustProxy));
      await next();
    })
    .on(checkOfficeSetup.method, checkOfficeSetup.path, validate('json', checkOfficeSetup.body), async (c) => {
      const account = await setupAccountOf(db, c.req.valid('json').token);
      return c.json({ email: account.email, name: account.name, role: account.role } satisfies SetupAccount);
    })
    .on(chooseOfficePassword.method, chooseOfficePassword.path, validate('json', chooseOfficePassword.body), async (c) => {
      const { token, password } = c.req.valid('json');
      return c.json(await choosePassword(deps, token, password, clientAddress(c, config.trustProxy)));
    })
    .on(finishOfficeSetup.method, finishOfficeSetup.path, validate('json', finishOfficeSetup.body), async (c) => {
      const { token, password, code } = c.req.valid('json');
      return c.json(await finishSetup(deps, token, password, code, clientAddress(c, config.trustProxy)));
    });
}
