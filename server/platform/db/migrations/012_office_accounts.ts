import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * One-time set-up links of office accounts (server/auth/office/setup-tokens.ts). Only a SHA-256
 * hash of the token is kept: the token itself exists only in the link that was e-mailed or printed.
 * Customers created before the admin plugin have no role: they are customers, and now say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE office_setup_tokens (
      token_hash text PRIMARY KEY,
      user_id    text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at    timestamptz
    );
    CREATE INDEX office_setup_tokens_user_idx ON office_setup_tokens (user_id);
    UPDATE "user" SET role = 'customer' WHERE role IS NULL;
  `,
  );
}
