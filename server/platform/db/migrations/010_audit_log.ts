import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Every office action leaves a row here (server/modules/audit/audit.ts). The log is append-only for
 * everyone: a trigger refuses UPDATE, DELETE and TRUNCATE, so even the table owner (which the
 * application connects as, and which bypasses privileges on PGlite where it is a superuser) cannot
 * rewrite history without first dropping the trigger, which is itself a visible schema change.
 * The privileges are revoked as well, so on a PostgreSQL server a non-superuser owner is refused
 * before the trigger even runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE audit_log (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at          timestamptz NOT NULL DEFAULT now(),
      actor_email text,
      action      text NOT NULL,
      entity      text NOT NULL,
      entity_id   text,
      before      jsonb,
      after       jsonb,
      ip          text
    );
    CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
    CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC);
  `,
  );
  // A function body holds semicolons at line ends, so it is one statement of its own.
  await sql`
    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC, CURRENT_USER;
  `,
  );
}
