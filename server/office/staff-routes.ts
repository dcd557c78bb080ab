import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { inviteSchema, setRoleSchema, userIdSchema, type InviteResult } from '../../contracts/office/staff';
import type { AppDeps } from '../app';
import { requireStaff, type OfficeEnv } from '../auth/office/guard';
import { inviteOfficeAccount } from '../auth/office/invite';
import { changeStaffRole, listStaff, suspendStaff, type OwnerAction } from '../auth/office/staff';
import { clientAddress } from '../http/client-ip';
import { validate } from '../http/validate';

const idParam = z.object({ id: userIdSchema });

/** /api/office/staff: the owner's Staff screen (list, invite, suspend, role). Owners only. */
export function staffRoutes({ auth, db, config, onMailQueued }: Pick<AppDeps, 'auth' | 'db' | 'config' | 'onMailQueued'>) {
  const owner = (c: Context<OfficeEnv>): OwnerAction => {
    const { userId, email } = c.get('staff');
    return { userId, email, headers: c.req.raw.headers, ip: clientAddress(c, config.trustProxy) };
  };
  return new Hono<OfficeEnv>()
    .use('*', requireStaff(auth, 'owner'))
    .get('/', async (c) => c.json({ staff: await listStaff(db) }))
    .post('/invite', validate('json', inviteSchema), async (c) => {
      const by = owner(c);
      const invitation = await inviteOfficeAccount({ auth, db, config, onMailQueued }, c.req.valid('json'), { actor: by.email, ip: by.ip, headers: by.headers });
      const result: InviteResult = { id: invitation.userId, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() };
      // The link itself goes only to the invited address: an owner never holds another account's set-up link.
      return c.json(result, 201);
    })
    .post('/:id/suspend', validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await suspendStaff(auth, db, id, owner(c));
      return c.json({ id, suspended: true });
    })
    .post('/:id/role', validate('param', idParam), validate('json', setRoleSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      await changeStaffRole(auth, db, id, role, owner(c));
      return c.json({ id, role });
    });
}
