import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { inviteSchema } from '../../../contracts/office/staff';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/outbox';
import { officeTemplates } from './mail';
import { OfficeAccountError } from './errors';
import type { Auth } from '../auth';
import { auditedAuthAction } from './audited';
import { officeApi } from './plugins';
import { isOfficeRole, type OfficeRole } from './roles';
import { issueSetupToken, SETUP_LINK_HOURS, setupLink } from './setup-tokens';

export interface InviteDeps {
  auth: Auth;
  db: Kysely<Database>;
  config: Config;
  onMailQueued?: () => void;
}

export interface Inviter {
  /** An owner's e-mail, or COMMAND_LINE_ACTOR. */
  actor: string;
  ip?: string | undefined;
  /** The owner's request headers: Better Auth then checks the owner's own permissions too. */
  headers?: Headers | undefined;
}

export interface Invitation {
  userId: string;
  email: string;
  role: OfficeRole;
  link: string;
  expiresAt: Date;
}

/**
 * Creates an office account with no password yet (or renews the link of one not set up yet),
 * issues its one-time set-up link and queues the invitation e-mail, in English or Spanish.
 * An address is either an office account or a customer account: a confirmed customer's address is
 * refused; an unconfirmed registration of it proves nothing and is replaced, as a new sign-up would.
 */
export async function inviteOfficeAccount(deps: InviteDeps, raw: z.input<typeof inviteSchema>, by: Inviter): Promise<Invitation> {
  const input = inviteSchema.parse(raw);
  const { auth, db, config } = deps;
  const email = input.email.toLowerCase();
  const existing = await db
    .selectFrom('user')
    .select(['id', 'role', 'emailVerified', 'twoFactorEnabled', 'banned'])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();

  // An unconfirmed registration of the address is replaced (below, with the rest of the invitation).
  if (existing && !isOfficeRole(existing.role) && existing.emailVerified) {
    throw new OfficeAccountError('customer_account', 'This address belongs to a customer account.');
  }
  const office = existing && isOfficeRole(existing.role) ? existing : undefined;
  // A customer the office added (or put in with SQL) has a customers row before any account: their address is a customer's too.
  // Read as the office's database role, as the office reads customers everywhere.
  const customer = await withOfficeScope(db, by.actor, (trx) =>
    trx
      .selectFrom('customers')
      .select('id')
      .where(sql`lower(email)`, '=', email)
      .executeTakeFirst(),
  );
  if (customer) throw new OfficeAccountError('customer_account', 'This address belongs to a customer account.');
  if (office?.twoFactorEnabled) throw new OfficeAccountError('already_set_up', 'This office account is already set up.');
  if (office?.banned) throw new OfficeAccountError('suspended', 'This office account is suspended.');

  // The account (Better Auth), the link, the e-mail and the audit row: all or nothing (audited.ts).
  const invitation = await auditedAuthAction(auth, db, async (trx) => {
    const context = await auth.$context;
    if (existing && !office) await context.internalAdapter.deleteUser(existing.id);
    let userId: string;
    if (office) {
      userId = office.id;
      if (office.role !== input.role) await context.internalAdapter.updateUser(userId, { role: input.role });
    } else {
      // The invitation link proves the address, as a confirmation link does for a customer.
      const data = { emailVerified: true, locale: input.locale };
      const name = input.name ?? email.split('@')[0]!;
      const created = await officeApi(auth).createUser({ body: { email, name, role: input.role, data }, headers: by.headers });
      userId = created.user.id;
    }
    const { token, expiresAt } = await issueSetupToken(trx, userId, by.actor);
    const link = setupLink(config.appUrl, token);
    const mail = officeTemplates.invite(input.locale, config.company.name, input.role, link, SETUP_LINK_HOURS);
    await enqueueMail(trx, { kind: 'office-invite', to: email, ...mail });
    await audit(trx, {
      actor: by.actor,
      action: 'invite',
      entity: 'user',
      entityId: userId,
      before: office ? { role: office.role } : null,
      after: { email, role: input.role, linkExpiresAt: expiresAt.toISOString() },
      ip: by.ip,
    });
    return { userId, email, role: input.role, link, expiresAt };
  });
  deps.onMailQueued?.();
  return invitation;
}
