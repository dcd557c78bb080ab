import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Security round two (issue 21) for office accounts:
 * - office_setup_tokens.withdrawn_at: the invitations (set-up links) a person sent end when that
 *   person is suspended or demoted, and the set-up page can say why (server/auth/office/staff.ts);
 * - office_totp_periods: the last authenticator period each account used, so a code works once
 *   (server/auth/office/totp-replay.ts);
 * - office_setup_hits: how often each client address called the set-up endpoints lately (rate limit);
 * - audit_log changes hands: it, its trigger function and its identity sequence are owned by
 *   portal_audit_owner, a role nobody logs in as and the application's connecting role is not a
 *   member of. So the application (its connecting role when that is not a superuser, portal_office,
 *   portal_customer) can no longer ALTER, DROP, DISABLE TRIGGER, UPDATE, DELETE or TRUNCATE it;
 *   it keeps SELECT and INSERT. Row-level security then makes portal_office write only rows whose
 *   actor is the signed-in person the server named for the transaction (portal.actor, office-scope.ts).
 *   On the embedded database everything runs as one superuser, which no privilege binds: there the
 *   trigger of migration 010 still refuses changes, and portal_office is still bound by the policies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE office_setup_tokens ADD COLUMN withdrawn_at timestamptz;
    CREATE INDEX office_setup_tokens_created_by_idx ON office_setup_tokens (lower(created_by)) WHERE used_at IS NULL;

    CREATE TABLE office_totp_periods (
      user_id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      period  bigint NOT NULL
    );

    CREATE TABLE office_setup_hits (
      ip           text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      hits         integer NOT NULL
    );

    ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
    CREATE POLICY audit_log_server_read ON audit_log FOR SELECT TO CURRENT_USER USING (true);
    CREATE POLICY audit_log_server_write ON audit_log FOR INSERT TO CURRENT_USER WITH CHECK (true);
    CREATE POLICY audit_log_office_read ON audit_log FOR SELECT TO portal_office USING (true);
    CREATE POLICY audit_log_office_write ON audit_log FOR INSERT TO portal_office
      WITH CHECK (actor_email IS NOT NULL AND lower(actor_email) = current_setting('portal.actor', true));
  `,
  );
  await sql`DO $$ BEGIN CREATE ROLE portal_audit_owner NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`.execute(
    db,
  );
  await execStatements(
    db,
    `
    -- PostgreSQL lets a non-superuser hand a table over only to a role it may act as and that may
    -- create in the schema: both rights are given for the hand-over and taken back right after.
    GRANT portal_audit_owner TO CURRENT_USER;
    GRANT CREATE ON SCHEMA public TO portal_audit_owner;
    ALTER TABLE audit_log OWNER TO portal_audit_owner;
    ALTER FUNCTION audit_log_is_append_only() OWNER TO portal_audit_owner;
    REVOKE CREATE ON SCHEMA public FROM portal_audit_owner;
    REVOKE ALL ON audit_log FROM CURRENT_USER;
    GRANT SELECT, INSERT ON audit_log TO CURRENT_USER;
    REVOKE portal_audit_owner FROM CURRENT_USER;
  `,
  );
}
