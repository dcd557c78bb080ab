import { parseArgs } from 'node:util';
import { z } from 'zod';
import { inviteSchema } from '../contracts/office/staff';
import { COMMAND_LINE_ACTOR } from '../server/platform/audit';
import { authOptions, createAuth } from '../server/auth/auth';
import { profileHooks } from '../server/profile-hooks';
import { inviteOfficeAccount } from '../server/auth/office/invite';
import { reissueSetupLink } from '../server/auth/office/setup-link';
import { resolveAuthSecret } from '../server/auth/secret';
import { ConfigError, loadConfig } from '../server/platform/config';
import { openDatabase } from '../server/platform/db/connection';
import { DataDirLockedError } from '../server/platform/db/lock';
import { migrateToLatest } from '../server/platform/db/migrate';
import { createLogger } from '../server/platform/logger';
import { smtpTransport } from '../server/platform/mail/transport';
import { deliverDueMail } from '../server/platform/mail/worker';
import { OfficeAccountError } from '../server/auth/office/errors';

/**
 * `npm run office -- invite --email boss@company.example --role owner [--name "Ana Ruiz"] [--lang es]`
 * Creates an office account and its one-time set-up link (valid 24 hours), prints the link and
 * queues the invitation e-mail; with SMTP_URL set it is sent at once, otherwise the server prints
 * it to its log like every e-mail. Works on DATABASE_URL and on the embedded database (whose
 * DATA_DIR the server holds: stop the server first).
 *
 * `npm run office -- reset --email boss@company.example`: for an owner who lost their own
 * authenticator (owners reset other accounts from the Staff screen). Ends the account's sessions,
 * turns its two-factor off and prints (and e-mails) a fresh set-up link.
 */
const USAGE = `Usage: npm run office -- invite --email ADDRESS --role owner|staff [--name "Full Name"] [--lang en|es]
       npm run office -- reset --email ADDRESS`;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, lang: { type: 'string' } },
});
const command = positionals[0];
if ((command !== 'invite' && command !== 'reset') || positionals.length !== 1) fail(USAGE, 64);
const input =
  command === 'invite'
    ? inviteSchema.safeParse({ email: values.email, role: values.role, name: values.name, locale: values.lang ?? 'en' })
    : inviteSchema.pick({ email: true }).safeParse({ email: values.email });
if (!input.success) fail(`${z.prettifyError(input.error)}\n${USAGE}`, 64);

try {
  const config = loadConfig();
  const logger = createLogger('warn');
  const database = await openDatabase(config);
  try {
    const secret = resolveAuthSecret(config.authSecret, config.dataDir);
    const deps = { config, secret, logger, profile: profileHooks(config, logger, secret) };
    await migrateToLatest(database.db, (db) => authOptions(db, deps));
    const auth = createAuth(database.db, deps);
    const invitation =
      command === 'invite'
        ? await inviteOfficeAccount({ auth, db: database.db, config }, inviteSchema.parse(input.data), { actor: COMMAND_LINE_ACTOR })
        : await reissueSetupLink({ auth, db: database.db, config }, { email: input.data.email }, { actor: COMMAND_LINE_ACTOR });
    const kind = command === 'invite' ? 'office-invite' : 'office-setup-link';
    if (config.smtpUrl) await deliverDueMail({ db: database.db, transport: smtpTransport(config.smtpUrl, config.mailFrom), logger });
    const sent = await database.db
      .selectFrom('mail_outbox')
      .select('sent_at')
      .where('kind', '=', kind)
      .where('to_address', '=', invitation.email)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const done =
      command === 'invite'
        ? `Invited ${invitation.email} as ${invitation.role}.`
        : `Reset ${invitation.email} (${invitation.role}): signed out everywhere; the old authenticator and backup codes no longer work.`;
    console.log(`${done}
Set-up link (valid until ${invitation.expiresAt.toISOString()}, works once):
  ${invitation.link}
${sent?.sent_at ? 'The link was e-mailed.' : config.smtpUrl ? 'The e-mail could not be sent yet: the server retries it.' : 'SMTP_URL is not set: pass the link on yourself (the server also prints the e-mail to its log).'}`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof DataDirLockedError) {
    fail(
      `${err.message}\nThe embedded database is used by the running portal server: stop it, run this command, then start the server again.`,
      75,
    );
  }
  if (err instanceof ConfigError || err instanceof OfficeAccountError) fail(err.message, err instanceof ConfigError ? 78 : 1);
  throw err;
}
