import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Lockout without a weapon (server/auth/sign-in-throttle.ts): failures remember the source key
 * (IPv4 address or IPv6 /64) and whether that source had signed in to the account before; the
 * devices and sources that signed in successfully are kept, so strangers' failures never slow them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE sign_in_failures ADD COLUMN trusted boolean NOT NULL DEFAULT false;
    CREATE INDEX sign_in_failures_source_idx ON sign_in_failures (email, address, failed_at);
    CREATE TABLE sign_in_trust (
      email        text NOT NULL,
      kind         text NOT NULL CHECK (kind IN ('device', 'address')),
      value        text NOT NULL,
      last_success timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (email, kind, value)
    );
    -- The hourly cap on account e-mails per recipient (server/auth/account-mail.ts).
    CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (to_address, created_at);
  `,
  );
}
