import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import {
  acceptInvitation,
  acceptInvitationSchema,
  invitationLookupSchema,
  lookUpInvitation,
  type InvitationView,
} from '../../../contracts/portal-access';
import { customerPages } from '../../../contracts/pages';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { COMMON_PASSWORD, isCommonPassword } from '../password-policy';
import { CUSTOMER_ROLE } from '../office/roles';
import { consumeInvitation, invitationState } from './tokens';

/** Better Auth's paths of the two endpoints (under /api/auth), from their contracts. */
const AUTH_BASE = '/api/auth';
const authPath = <P extends string>(path: `${typeof AUTH_BASE}${P}`) => path.slice(AUTH_BASE.length) as P;
export const INVITATION_VIEW_PATH = authPath(lookUpInvitation.path);
export const INVITATION_ACCEPT_PATH = authPath(acceptInvitation.path);

const INVALID = {
  code: 'INVITATION_INVALID',
  message: 'This invitation link is not valid, was already used or has expired. Ask us for a new one.',
} as const;
const ACCOUNT_EXISTS = { code: 'ACCOUNT_EXISTS', message: 'You already have a portal account. Please log in.' } as const;

const landingOf = (quoteId: number | null) => (quoteId === null ? customerPages.dashboard.href() : customerPages.quote.href(quoteId));

/**
 * 'Set up your portal access' (issue 26.1) as a Better Auth plugin, so that its endpoints get Better
 * Auth's origin check and rate limits and the account and session are made by Better Auth itself:
 * - POST /portal-invitation/view: what the link's page shows (the office's record) or why it is refused;
 * - POST /portal-invitation/accept: uses the link up, creates the account with the address already
 *   confirmed (the link came to that inbox: no second confirmation e-mail), its password, the name and
 *   phone the customer kept or corrected, signs in (a session marked 'invitation') and says where to go.
 * The link is refused once any account has the address (server/auth/portal-invitation/tokens.ts).
 */
export function portalInvitationPlugin(deps: { db: Kysely<Database>; logger: Logger }): BetterAuthPlugin {
  const { db, logger } = deps;
  return {
    id: 'portal-invitation',
    endpoints: {
      viewPortalInvitation: createAuthEndpoint(
        INVITATION_VIEW_PATH,
        { method: 'POST', body: invitationLookupSchema },
        async (ctx): Promise<InvitationView> => {
          const found = await invitationState(db, ctx.body.token);
          if (found.state === 'invalid') return { state: 'invalid' };
          if (found.state === 'account_exists') return { state: 'account_exists', next: landingOf(found.quoteId) };
          const { invitation } = found;
          return {
            state: 'open',
            email: invitation.email,
            name: invitation.name ?? '',
            phone: invitation.phone ?? '',
            locale: invitation.locale,
            next: landingOf(invitation.quoteId),
          };
        },
      ),
      acceptPortalInvitation: createAuthEndpoint(INVITATION_ACCEPT_PATH, { method: 'POST', body: acceptInvitationSchema }, async (ctx) => {
        const input = ctx.body;
        if (isCommonPassword(input.password)) throw new APIError('BAD_REQUEST', { ...COMMON_PASSWORD });
        const found = await invitationState(db, input.token);
        if (found.state === 'account_exists') throw new APIError('CONFLICT', { ...ACCOUNT_EXISTS });
        if (found.state === 'invalid' || !(await consumeInvitation(db, found.invitation.id))) {
          throw new APIError('GONE', { ...INVALID });
        }
        const { invitation } = found;
        const { internalAdapter, password } = ctx.context;
        let user;
        try {
          user = await internalAdapter.createUser(
            {
              email: invitation.email,
              emailVerified: true,
              name: input.name,
              phone: input.phone,
              address: invitation.address,
              locale: input.locale,
              role: CUSTOMER_ROLE,
            },
            { method: 'email-password' },
          );
        } catch (err) {
          // Another request (a sign-up, Google) made the account between the check and here.
          logger.warn('invitation accepted but the account could not be created', { email: invitation.email, err });
          throw new APIError('CONFLICT', { ...ACCOUNT_EXISTS });
        }
        await internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: await password.hash(input.password),
        });
        // The name and phone the customer kept or corrected are the profile's from now on.
        await db.updateTable('customers').set({ name: input.name, phone: input.phone }).where('id', '=', invitation.customerId).execute();
        const session = await internalAdapter.createSession(user.id);
        if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'The session could not be created.' });
        await setSessionCookie(ctx, { session, user });
        logger.info('portal invitation accepted', { userId: user.id, invitationId: invitation.id });
        return ctx.json({ next: landingOf(invitation.quoteId) });
      }),
    },
  };
}
