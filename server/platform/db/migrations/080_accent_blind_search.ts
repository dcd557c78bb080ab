import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Every office search box finds records however accents and case are typed: 'jose nunez' finds
 * 'José Núñez'. unaccent ships with PostgreSQL (Debian's contrib) and with PGlite (a contrib
 * extension, loaded in pglite-extensions.ts). unaccent() itself is only STABLE (its dictionary could
 * change), so nothing stored or indexed may use it; search_fold() names the dictionary explicitly and
 * is declared IMMUTABLE, the usual wrapper.
 *
 * The folded texts are stored generated columns, not only index expressions: a trigram match is
 * rechecked on every candidate row, and unfolding 100,000 names per search took seconds where
 * reading a stored text takes milliseconds. Plain SQL inserts and updates keep them current.
 * - customers.search_text: name, e-mail, phone as typed, account #, address, the phone's digits alone
 *   (replaces migrations 016/051's index, which had no address and kept accents);
 *   customers.sort_name: the name (the e-mail when there is none) folded, so 'Álvarez' sorts next to
 *   'Alvarez' (replaces 016's sort index);
 * - quotes.search_text: description and e-mail; work_orders.search_text: description, address, e-mail
 *   (a customer's name is found through customers.search_text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS unaccent;
    CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

    ALTER TABLE customers
      ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (search_fold(coalesce(name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(account_number, '') || ' ' || coalesce(address, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) STORED,
      ADD COLUMN sort_name text NOT NULL GENERATED ALWAYS AS (search_fold(coalesce(name, email))) STORED;
    DROP INDEX customers_search_trgm_idx;
    CREATE INDEX customers_search_trgm_idx ON customers USING gin (search_text gin_trgm_ops);
    DROP INDEX customers_sort_idx;
    CREATE INDEX customers_sort_idx ON customers (sort_name, id);

    ALTER TABLE quotes ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (search_fold(coalesce(description, '') || ' ' || email)) STORED;
    CREATE INDEX quotes_search_trgm_idx ON quotes USING gin (search_text gin_trgm_ops);
    ALTER TABLE work_orders ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (search_fold(description || ' ' || address || ' ' || email)) STORED;
    CREATE INDEX work_orders_search_trgm_idx ON work_orders USING gin (search_text gin_trgm_ops);
  `,
  );
}
