import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * 'E-mail me about updates' (office-spec section 5): on by default, turned off from the Profile or
 * by the one-click link in every update e-mail. Account e-mails (confirm, reset) ignore it.
 * The outbox learns to carry attachments (the .ics of a scheduled visit) and extra headers
 * (List-Unsubscribe), both JSON, sent by the SMTP transport (server/platform/mail/transport.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE customers ADD COLUMN email_updates boolean NOT NULL DEFAULT true;
    ALTER TABLE mail_outbox ADD COLUMN attachments jsonb, ADD COLUMN headers jsonb;
  `,
  );
}
