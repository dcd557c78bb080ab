import { Hono } from 'hono';
import {
  getProfile,
  requestEmailChange as requestEmailChangeEndpoint,
  setEmailUpdates,
  updateProfile,
} from '../../../contracts/customer/profile';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { pendingEmailOf, requestEmailChange } from './email-change';
import { emailChangeMail } from './email-change-mail';
import { findProfile, saveProfileDetails, setEmailUpdates as saveEmailUpdates } from './repository';

/**
 * The signed-in customer's own customers row: read it, edit name/phone/address, switch update e-mails,
 * ask to change the e-mail address (the profile carries a change waiting for its link).
 */
export function profileCustomerRoutes({
  db,
  auth,
  config,
  logger,
  onMailQueued,
}: Pick<AppDeps, 'db' | 'auth' | 'config' | 'logger' | 'onMailQueued'>) {
  const emailChange = { db, auth, logger, mail: emailChangeMail(config, logger) };
  return new Hono<AppEnv>()
    .on(getProfile.method, getProfile.path, async (c) => {
      const { email, userId } = c.get('customer');
      const profile = await withCustomerScope(db, email, (trx) => findProfile(trx, email));
      return c.json({ ...profile, pendingEmail: await pendingEmailOf(db, userId) });
    })
    .on(updateProfile.method, updateProfile.path, validate('json', updateProfile.body), async (c) => {
      const { email, userId } = c.get('customer');
      const profile = await withCustomerScope(db, email, (trx) => saveProfileDetails(trx, email, c.req.valid('json')));
      return c.json({ ...profile, pendingEmail: await pendingEmailOf(db, userId) });
    })
    .on(setEmailUpdates.method, setEmailUpdates.path, validate('json', setEmailUpdates.body), async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => saveEmailUpdates(trx, email, c.req.valid('json').enabled)));
    })
    .on(
      requestEmailChangeEndpoint.method,
      requestEmailChangeEndpoint.path,
      validate('json', requestEmailChangeEndpoint.body),
      async (c) => {
        const { email, userId } = c.get('customer');
        const pendingEmail = await requestEmailChange(emailChange, { userId, email }, c.req.valid('json'), c.req.raw.headers);
        onMailQueued();
        return c.json({ pendingEmail });
      },
    );
}
