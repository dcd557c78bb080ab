import { createMiddleware } from 'hono/factory';
import { invitePerson, leaveAccount, removePerson } from '../../contracts/customer/people';
import { requestEmailChange, setEmailUpdates, updateProfile } from '../../contracts/customer/profile';
import { ForbiddenError } from '../../domain/errors';
import type { AppEnv } from '../platform/http/types';

export const VIEW_ONLY_MESSAGE =
  'You have view-only access to this account: only its owner or a person who can approve and pay can do this.';
export const OWNER_ONLY_MESSAGE = "Only the account's owner can do this.";

const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);
/** The person's own business, whatever their role: leaving the account. (Language and password are Better Auth's, under /api/auth.) */
const PERSONAL = [leaveAccount.path].map(pattern);
/** The account's own details: its profile, its e-mail, its update e-mails, its people. */
const OWNER_ONLY = [updateProfile.path, setEmailUpdates.path, requestEmailChange.path, invitePerson.path, removePerson.path].map(pattern);

/**
 * One refusal for every state-changing customer route (decision 245), after requireCustomer: a
 * view-only person changes nothing (403 view_only), a person who can approve and pay acts on the
 * account's records but not on the account's own details (403 owner_only). Reads (GET, HEAD) pass.
 * A route added later is covered without a word; the access matrix checks every one.
 */
export function refuseByRole() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const { role } = c.get('customer');
    if (role === 'owner') return next();
    const path = c.req.path;
    if (PERSONAL.some((p) => p.test(path))) return next();
    if (role === 'view_only') throw new ForbiddenError('view_only', VIEW_ONLY_MESSAGE);
    if (OWNER_ONLY.some((p) => p.test(path))) throw new ForbiddenError('owner_only', OWNER_ONLY_MESSAGE);
    return next();
  });
}
