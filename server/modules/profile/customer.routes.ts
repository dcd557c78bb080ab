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
import { emailChangeMail } from './email-change-mail';
import { getProfile as loadProfile } from './get-profile';
import { setEmailUpdates as saveEmailUpdates } from './repository';
import { requestEmailChange } from './request-email-change';
import { updateProfile as saveProfile } from './update-profile';

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
      return c.json(await loadProfile(db, { email, userId }));
    })
    .on(updateProfile.method, updateProfile.path, validate('json', updateProfile.body), async (c) => {
      const { email, userId } = c.get('customer');
      return c.json(await saveProfile(db, { email, userId, details: c.req.valid('json') }));
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
