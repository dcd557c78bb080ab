import { Hono } from 'hono';
import { getProfile, setEmailUpdates, updateProfile } from '../../../contracts/customer/profile';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { findProfile, saveProfileDetails, setEmailUpdates as saveEmailUpdates } from './repository';

/** The signed-in customer's own customers row: read it, edit name/phone/address, switch update e-mails. */
export function profileCustomerRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>()
    .on(getProfile.method, getProfile.path, async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => findProfile(trx, email)));
    })
    .on(updateProfile.method, updateProfile.path, validate('json', updateProfile.body), async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => saveProfileDetails(trx, email, c.req.valid('json'))));
    })
    .on(setEmailUpdates.method, setEmailUpdates.path, validate('json', setEmailUpdates.body), async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => saveEmailUpdates(trx, email, c.req.valid('json').enabled)));
    });
}
