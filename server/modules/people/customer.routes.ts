import { Hono } from 'hono';
import { invitePerson, leaveAccount, listPeople, removePerson } from '../../../contracts/customer/people';
import { forgetCachedSessions } from '../../auth/session-guard';
import type { AppDeps } from '../../deps';
import { requestMeta } from '../../platform/http/request-meta';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { invitePerson as invite } from './invite-person';
import { leaveAccount as leave, removePerson as remove } from './remove-person';
import { peopleOf } from './repository';

/** 'People' / 'Personas' on the Profile (issue 26.4): the account's people; the owner invites and removes, a person may leave. */
export function peopleCustomerRoutes({ db, auth, config, onMailQueued }: Pick<AppDeps, 'db' | 'auth' | 'config' | 'onMailQueued'>) {
  const forget = (userId: string) => forgetCachedSessions(auth, userId);
  return new Hono<AppEnv>()
    .on(listPeople.method, listPeople.path, async (c) => {
      const customer = c.get('customer');
      const you = { email: customer.personEmail, role: customer.role };
      return c.json(await peopleOf(db, you, customer.email));
    })
    .on(invitePerson.method, invitePerson.path, validate('json', invitePerson.body), async (c) => {
      const customer = c.get('customer');
      const people = await invite(
        db,
        requestMeta(c, customer.personEmail, config.trustProxy),
        { customer, invite: c.req.valid('json') },
        { config },
      );
      onMailQueued();
      return c.json(people, 201);
    })
    .on(leaveAccount.method, leaveAccount.path, async (c) => {
      await leave(db, c.get('customer'), forget);
      return c.json({ left: true as const });
    })
    .on(removePerson.method, removePerson.path, validate('param', removePerson.params), async (c) => {
      return c.json(await remove(db, { customer: c.get('customer'), id: c.req.valid('param').id }, forget));
    });
}
