import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The office's customer search finds a phone number however it is typed: the searched text (migration
 * 016's trigram index) also holds the phone's digits alone, so `5550102222` or `555 010` finds
 * `(555) 010-2222` (server/modules/customers/repository.ts searches the digits of a phone-like term too).
 * The expression is the repository's SEARCH_TEXT, character for character, so the planner uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX customers_search_trgm_idx;
    CREATE INDEX customers_search_trgm_idx ON customers USING gin (
      (lower(coalesce(name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(account_number, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) gin_trgm_ops
    );
  `,
  );
}
