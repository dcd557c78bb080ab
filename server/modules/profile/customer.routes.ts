import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import { notFound } from '../../platform/http/errors';
import type { AppEnv } from '../../platform/http/types';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { findProfile } from './repository';

/** /api/profile: the signed-in customer's own customers row. */
export function profileRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { email } = c.get('customer');
    const profile = await withCustomerScope(db, email, (trx) => findProfile(trx, email));
    if (!profile) throw notFound('User not found.');
    return c.json(profile);
  });
}
