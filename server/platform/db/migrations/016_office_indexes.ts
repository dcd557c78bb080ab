import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Indexes behind the office's lists, so each stays fast with 100,000 customers (plans in docs/features/office.md):
 * - Customers, sorted by name (or the e-mail when there is none) and id: the keyset of every page;
 * - the search box (name, e-mail, phone, account #, any part of them): one trigram GIN index over
 *   the four, lowercased (pg_trgm ships with PostgreSQL and with PGlite as a contrib extension);
 * - the audit log, newest first, whole or by actor or record, each with id for the keyset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX customers_sort_idx ON customers ((lower(coalesce(name, email))), id);
    CREATE INDEX customers_search_trgm_idx ON customers USING gin (
      (lower(coalesce(name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(account_number, ''))) gin_trgm_ops
    );

    DROP INDEX audit_log_at_idx;
    DROP INDEX audit_log_entity_idx;
    CREATE INDEX audit_log_at_id_idx ON audit_log (at DESC, id DESC);
    CREATE INDEX audit_log_actor_idx ON audit_log (lower(actor_email), at DESC, id DESC);
    CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC, id DESC);
  `,
  );
}
