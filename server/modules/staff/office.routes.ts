import { Hono, type Context } from 'hono';
import {
  inviteStaffMember,
  listStaffMembers,
  resendStaffSetup,
  setStaffRole,
  suspendStaffMember,
  unsuspendStaffMember,
  type InviteResult,
} from '../../../contracts/office/staff';
import type { AppDeps } from '../../deps';
import { requireStaff, type OfficeEnv } from '../../auth/office/guard';
import { inviteOfficeAccount } from '../../auth/office/invite';
import { reissueSetupLink } from '../../auth/office/setup-link';
import { changeStaffRole, listStaff, suspendStaff, unsuspendStaff, type OwnerAction } from '../../auth/office/staff';
import { clientAddress } from '../../platform/http/client-ip';
import { validate } from '../../platform/http/validate';

/** /api/office/staff: the owner's Staff screen (list, invite, suspend, unsuspend, role, new set-up link). Owners only. */
export function staffOfficeRoutes({ auth, db, config, onMailQueued }: Pick<AppDeps, 'auth' | 'db' | 'config' | 'onMailQueued'>) {
  const ownerOnly = requireStaff(auth, config, 'owner');
  const owner = (c: Context<OfficeEnv>): OwnerAction => {
    const { userId, email } = c.get('staff');
    return { userId, email, headers: c.req.raw.headers, ip: clientAddress(c, config.trustProxy) };
  };
  return new Hono<OfficeEnv>()
    .on(listStaffMembers.method, listStaffMembers.path, ownerOnly, async (c) =>
      c.json({ staff: await listStaff(db, c.get('staff').email) }),
    )
    .on(inviteStaffMember.method, inviteStaffMember.path, ownerOnly, validate('json', inviteStaffMember.body), async (c) => {
      const by = owner(c);
      const invitation = await inviteOfficeAccount({ auth, db, config, onMailQueued }, c.req.valid('json'), {
        actor: by.email,
        ip: by.ip,
        headers: by.headers,
      });
      const result: InviteResult = {
        id: invitation.userId,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      };
      // The link itself goes only to the invited address: an owner never holds another account's set-up link.
      return c.json(result, 201);
    })
    .on(suspendStaffMember.method, suspendStaffMember.path, ownerOnly, validate('param', suspendStaffMember.params), async (c) => {
      const { id } = c.req.valid('param');
      await suspendStaff(auth, db, id, owner(c));
      return c.json({ id, suspended: true as const });
    })
    .on(
      setStaffRole.method,
      setStaffRole.path,
      ownerOnly,
      validate('param', setStaffRole.params),
      validate('json', setStaffRole.body),
      async (c) => {
        const { id } = c.req.valid('param');
        const { role } = c.req.valid('json');
        await changeStaffRole(auth, db, id, role, owner(c));
        return c.json({ id, role });
      },
    )
    .on(unsuspendStaffMember.method, unsuspendStaffMember.path, ownerOnly, validate('param', unsuspendStaffMember.params), async (c) => {
      const { id } = c.req.valid('param');
      await unsuspendStaff(auth, db, id, owner(c));
      return c.json({ id, suspended: false as const });
    })
    .on(resendStaffSetup.method, resendStaffSetup.path, ownerOnly, validate('param', resendStaffSetup.params), async (c) => {
      const by = owner(c);
      const link = await reissueSetupLink(
        { auth, db, config, onMailQueued },
        { id: c.req.valid('param').id },
        {
          actor: by.email,
          ip: by.ip,
          ownerId: by.userId,
        },
      );
      // As with an invitation, the link goes only to the account's own address.
      const result: InviteResult = { id: link.userId, email: link.email, role: link.role, expiresAt: link.expiresAt.toISOString() };
      return c.json(result);
    });
}
