import { getCurrentAdapter } from '@better-auth/core/context';
import { toLocale } from '../../../contracts/locale';
import { audit } from '../../platform/audit';
import { enqueueMail } from '../../platform/mail/outbox';
import { officeTemplates } from './mail';
import { auditedAuthAction } from './audited';
import { OfficeAccountError } from './errors';
import type { Invitation, InviteDeps } from './invite';
import { isOfficeRole } from './roles';
import { issueSetupToken, SETUP_LINK_HOURS, setupLink } from './setup-tokens';
import { forgetOfficeSessions } from './session-cache';

export interface SetupLinkRequest {
  /** An owner's e-mail, or COMMAND_LINE_ACTOR. */
  actor: string;
  ip?: string | undefined;
  /** The owner asking through the office API (an owner may not reset their own account there). */
  ownerId?: string | undefined;
}

/**
 * A lost authenticator, or a set-up link that expired: ends every session of the account, turns its
 * two-factor off (its authenticator secret and backup codes are deleted, so the old phone and codes
 * stop working) until the set-up is finished again, and e-mails a fresh one-time set-up link.
 * The account can sign in again only by finishing that set-up (the sign-in gate, gate.ts).
 */
export async function reissueSetupLink(
  deps: InviteDeps,
  where: { id: string } | { email: string },
  by: SetupLinkRequest,
): Promise<Invitation> {
  const { auth, db, config } = deps;
  let query = db.selectFrom('user').select(['id', 'email', 'role', 'banned', 'locale', 'twoFactorEnabled']);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('email', '=', where.email.toLowerCase());
  const target = await query.executeTakeFirst();
  if (!target || !isOfficeRole(target.role))
    throw new OfficeAccountError('not_found', `There is no office account with this ${'id' in where ? 'id' : 'e-mail'}.`);
  if (target.id === by.ownerId) throw new OfficeAccountError('own_account', 'You cannot do this to your own account.');
  if (target.banned) throw new OfficeAccountError('suspended', 'This office account is suspended.');
  const role = target.role;

  // Better Auth's changes, the link, the e-mail and the audit row: all or nothing (audited.ts).
  const invitation = await auditedAuthAction(auth, db, async (trx) => {
    const context = await auth.$context;
    await context.internalAdapter.deleteUserSessions(target.id);
    await context.internalAdapter.updateUser(target.id, { twoFactorEnabled: false });
    await (await getCurrentAdapter(context.adapter)).deleteMany({ model: 'twoFactor', where: [{ field: 'userId', value: target.id }] });
    // The periods the old secret used say nothing about the next one's codes (totp-replay.ts).
    await trx.deleteFrom('office_totp_periods').where('user_id', '=', target.id).execute();
    const { token, expiresAt } = await issueSetupToken(trx, target.id, by.actor);
    const link = setupLink(config.appUrl, token);
    const mail = officeTemplates.newSetupLink(toLocale(target.locale), config.company.name, link, SETUP_LINK_HOURS);
    await enqueueMail(trx, { kind: 'office-setup-link', to: target.email, ...mail });
    await audit(trx, {
      actor: by.actor,
      action: 'setup-link',
      entity: 'user',
      entityId: target.id,
      before: { twoFactor: target.twoFactorEnabled === true },
      after: { twoFactor: false, sessionsEnded: true, linkExpiresAt: expiresAt.toISOString() },
      ip: by.ip,
    });
    return { userId: target.id, email: target.email, role, link, expiresAt };
  });
  forgetOfficeSessions(auth, target.id);
  deps.onMailQueued?.();
  return invitation;
}
