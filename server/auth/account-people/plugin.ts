import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import {
  joinAccount,
  joinAccountSchema,
  lookUpPersonInvitation,
  personInvitationLookupSchema,
  type PersonInvitationView,
} from '../../../contracts/customer/people';
import { customerPages } from '../../../contracts/pages';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { COMMON_PASSWORD, isCommonPassword } from '../password-policy';
import { CUSTOMER_ROLE } from '../office/roles';
import { consumePersonInvitation, markJoined, personInvitationState } from './tokens';

const AUTH_BASE = '/api/auth';
const authPath = <P extends string>(path: `${typeof AUTH_BASE}${P}`) => path.slice(AUTH_BASE.length) as P;
export const PERSON_VIEW_PATH = authPath(lookUpPersonInvitation.path);
export const PERSON_JOIN_PATH = authPath(joinAccount.path);

const INVALID = {
  code: 'INVITATION_INVALID',
  message: 'This invitation link is not valid, was already used or has expired. Ask the account owner for a new one.',
} as const;
const ACCOUNT_EXISTS = {
  code: 'ACCOUNT_EXISTS',
  message: 'This e-mail address already has its own portal account, so it cannot join another account.',
} as const;

/**
 * A person's invitation to an account (issue 26.4), as the portal invitation is (portal-invitation/plugin.ts):
 * - POST /account-person/view: what the link's page shows, or why it is refused;
 * - POST /account-person/accept: uses the link up, makes the person's own sign-in (the address confirmed
 *   by the link, their name and password), joins them to the account (account_people.user_id and
 *   joined_at) and signs in: they land on the dashboard with the account's records.
 * An address with a portal of its own is refused (decision 246).
 */
export function accountPeoplePlugin(deps: { db: Kysely<Database>; logger: Logger }): BetterAuthPlugin {
  const { db, logger } = deps;
  return {
    id: 'account-people',
    endpoints: {
      viewPersonInvitation: createAuthEndpoint(
        PERSON_VIEW_PATH,
        { method: 'POST', body: personInvitationLookupSchema },
        async (ctx): Promise<PersonInvitationView> => {
          const found = await personInvitationState(db, ctx.body.token);
          if (found.state !== 'open') return { state: found.state };
          const { email, accountName, role, locale } = found.invitation;
          return { state: 'open', email, accountName, role, locale };
        },
      ),
      joinAccount: createAuthEndpoint(PERSON_JOIN_PATH, { method: 'POST', body: joinAccountSchema }, async (ctx) => {
        const input = ctx.body;
        if (isCommonPassword(input.password)) throw new APIError('BAD_REQUEST', { ...COMMON_PASSWORD });
        const found = await personInvitationState(db, input.token);
        if (found.state === 'account_exists') throw new APIError('CONFLICT', { ...ACCOUNT_EXISTS });
        if (found.state === 'invalid' || !(await consumePersonInvitation(db, found.invitation.id, input.token))) {
          throw new APIError('GONE', { ...INVALID });
        }
        const { invitation } = found;
        const { internalAdapter, password } = ctx.context;
        let user;
        try {
          user = await internalAdapter.createUser(
            { email: invitation.email, emailVerified: true, name: input.name, locale: input.locale, role: CUSTOMER_ROLE },
            { method: 'email-password' },
          );
        } catch (err) {
          logger.warn('person invitation accepted but the sign-in could not be created', { email: invitation.email, err });
          throw new APIError('CONFLICT', { ...ACCOUNT_EXISTS });
        }
        await internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: await password.hash(input.password),
        });
        // Joined before the session is made: the session's hook then makes no customers row for them.
        await markJoined(db, invitation.id, user.id);
        const session = await internalAdapter.createSession(user.id);
        if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'The session could not be created.' });
        await setSessionCookie(ctx, { session, user });
        logger.info('person joined an account', { userId: user.id, personId: invitation.id });
        return ctx.json({ next: customerPages.dashboard.href() });
      }),
    },
  };
}
