import { Hono } from 'hono';
import { getProfile } from '../../../contracts/customer/profile';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';
import { findProfile } from './repository';

/** The signed-in customer's own customers row. */
export function profileCustomerRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().on(getProfile.method, getProfile.path, async (c) => {
    const { email } = c.get('customer');
    return c.json(await withCustomerScope(db, email, (trx) => findProfile(trx, email)));
  });
}
