import { defineRequestState, hasRequestState } from '@better-auth/core/context';
import { getOAuthState } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { googleJoinRefusals, JOIN_TOKEN_STATE_KEY, type GoogleJoinRefusal } from '../../../contracts/google-sign-in';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { refuseGoogleSignIn } from '../google';
import { consumePersonInvitation, markJoined, personInvitationState, type OpenPersonInvitation } from './tokens';

const REFUSALS: Record<GoogleJoinRefusal, [message: string, why: string]> = {
  [googleJoinRefusals.invalid]: ['This invitation link is not valid, was already used or has expired.', 'the join link is not open'],
  [googleJoinRefusals.accountExists]: [
    'This e-mail address already has its own portal account, so it cannot join another account.',
    'the invited address has a portal of its own',
  ],
  [googleJoinRefusals.otherEmail]: [
    'Sign in with the Google account of the invited address.',
    'Google answered for another address than the invited one',
  ],
};
const refuse = (code: GoogleJoinRefusal) => refuseGoogleSignIn(code, ...REFUSALS[code]);

/** The join link's token, when this Google sign-in started on the join page (its state's additionalData). */
async function joinToken(): Promise<string | null> {
  if (!(await hasRequestState())) return null;
  const state = (await getOAuthState()) as Record<string, unknown> | null;
  const token = state?.[JOIN_TOKEN_STATE_KEY];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

/** The invitation a join sign-in is for, refused unless open and for the address Google vouched for. */
async function openInvitationFor(db: Kysely<Database>, token: string, email: string): Promise<OpenPersonInvitation> {
  const found = await personInvitationState(db, token);
  if (found.state === 'invalid') return refuse(googleJoinRefusals.invalid);
  if (found.state === 'account_exists') return refuse(googleJoinRefusals.accountExists);
  if (found.invitation.email.toLowerCase() !== email.toLowerCase()) return refuse(googleJoinRefusals.otherEmail);
  return found.invitation;
}

/** Which invitation this request's new sign-in joins (set when the link is used up, read once the user exists). */
const joining = defineRequestState<{ invitationId: number } | null>(() => null);

/**
 * 'Join the account' with Google (issue 26, decision 234): the same link, the same refusals as with a
 * password (account-people/plugin.ts), Google proving the invited address instead of the link alone.
 * - `check` runs once Google's ID token is verified, before Better Auth looks for an account: a link
 *   not open, an address with a portal of its own, or another Google address end the sign-in there
 *   (nothing is created, linked or signed in);
 * - `beforeCreateUser` uses the link up as the new sign-in is made (a link used meanwhile refuses it);
 * - `afterCreateUser` joins that sign-in to the account before its session is made, so the session's
 *   hook makes no customers row for it and the person reads the account's records at once.
 * A Google sign-in that did not start on the join page carries no token and is left alone.
 */
export function googleJoin(db: Kysely<Database>, logger: Logger) {
  return {
    async check(email: string): Promise<void> {
      const token = await joinToken();
      if (token) await openInvitationFor(db, token, email);
    },
    async beforeCreateUser(user: { email: string }): Promise<void> {
      const token = await joinToken();
      if (!token) return;
      const invitation = await openInvitationFor(db, token, user.email);
      if (!(await consumePersonInvitation(db, invitation.id, token))) return refuse(googleJoinRefusals.invalid);
      await joining.set({ invitationId: invitation.id });
    },
    async afterCreateUser(user: { id: string }): Promise<void> {
      if (!(await hasRequestState())) return;
      const joined = await joining.get();
      if (!joined) return;
      await markJoined(db, joined.invitationId, user.id);
      logger.info('person joined an account with Google', { userId: user.id, personId: joined.invitationId });
    },
  };
}
