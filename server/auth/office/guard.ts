import { createMiddleware } from 'hono/factory';
import type { Config } from '../../platform/config';
import { ForbiddenError, UnauthenticatedError } from '../../../domain/errors';
import type { Auth } from '../auth';
import { DEMO_OWNER_REFUSED_MESSAGE, isRefusedDemoOwner } from './demo-account';
import { isOfficeRole, type OfficeRole } from './roles';
import { officeSessionOver, slidExpiry } from './session-policy';

/** What requireStaff puts on the context of every office route. */
export interface SignedInStaff {
  userId: string;
  email: string;
  name: string;
  role: OfficeRole;
}

/** An owner may do everything a staff member may. */
const RANK: Record<OfficeRole, number> = { staff: 1, owner: 2 };

export interface OfficeEnv {
  Variables: { staff: SignedInStaff };
}

/**
 * Every office API route sits behind this (/api/office/*, but for the token-gated set-up):
 * 401 for nobody, 403 for a customer session (or a staff member on an owner-only route).
 * Each request counts as activity and moves the session's idle deadline (session-policy.ts);
 * a session past its 12 hours, or of an account whose two-factor is off, is ended here as well, and
 * so is any session of the demo owner on a production server (demo-owner.ts).
 */
export function requireStaff(auth: Auth, config: Pick<Config, 'env'>, role?: OfficeRole) {
  return createMiddleware<OfficeEnv>(async (c, next) => {
    // No Better Auth refresh: it would count as activity only what our deadline counts.
    const found = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
    if (!found) throw new UnauthenticatedError('unauthenticated', 'You must be logged in.');
    const user = found.user as typeof found.user & { role?: unknown; twoFactorEnabled?: unknown };
    if (!isOfficeRole(user.role)) throw new ForbiddenError('not_office_account', 'This is for office accounts only.');

    const context = await auth.$context;
    const now = new Date();
    if (isRefusedDemoOwner(user.email, config)) {
      await context.internalAdapter.deleteSession(found.session.token);
      throw new ForbiddenError('demo_account_refused', DEMO_OWNER_REFUSED_MESSAGE);
    }
    if (user.twoFactorEnabled !== true || officeSessionOver(found.session, now)) {
      await context.internalAdapter.deleteSession(found.session.token);
      throw new UnauthenticatedError('session_ended', 'Your session has ended. Please sign in again.');
    }
    if (role && RANK[user.role] < RANK[role]) throw new ForbiddenError('forbidden', `Only an ${role} can do this.`);

    const deadline = slidExpiry(found.session, now);
    if (deadline) await context.internalAdapter.updateSession(found.session.token, { expiresAt: deadline });
    c.set('staff', { userId: user.id, email: user.email, name: user.name, role: user.role });
    await next();
  });
}
