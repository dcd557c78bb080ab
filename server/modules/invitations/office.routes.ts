import { Hono, type Context } from 'hono';
import { getPortalAccess, inviteToPortal } from '../../../contracts/office/invitations';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import { requestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { inviteToPortal as invite } from './invite-to-portal';
import { customerById, portalAccessOf } from './repository';

/** /api/office/customers/:id/portal-access and …/portal-invitation: the customer page's 'Invite to portal'. */
export function invitationOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const meta = (c: Context<OfficeEnv>) => requestMeta(c, c.get('staff').email, config.trustProxy);
  return new Hono<OfficeEnv>()
    .on(getPortalAccess.method, getPortalAccess.path, validate('param', getPortalAccess.params), async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await withOfficeScope(db, c.get('staff').email, async (trx) => {
          const customer = await customerById(trx, id);
          if (!customer) throw new NotFoundError('Customer not found.');
          return portalAccessOf(trx, customer);
        }),
      );
    })
    .on(
      inviteToPortal.method,
      inviteToPortal.path,
      validate('param', inviteToPortal.params),
      validate('json', inviteToPortal.body),
      async (c) => {
        const { id } = c.req.valid('param');
        const { locale } = c.req.valid('json');
        return c.json(
          await withOfficeScope(db, c.get('staff').email, (trx) => invite(trx, meta(c), { customerId: id, locale }, { config })),
        );
      },
    );
}
