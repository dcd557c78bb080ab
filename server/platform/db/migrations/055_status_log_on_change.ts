import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * quote_status_log gets a row on every CHANGE of quotes.status, and no longer when a quote is put in.
 *
 * Migrations 011 and 013 also logged a new quote's first status at its created_at. The office puts
 * quotes in with plain SQL together with their history rows, so that extra row showed the customer a
 * status twice (a quote inserted as 'Approved' with hand rows 'Sent' and 'Approved'), or a history the
 * quote never had (a quote inserted with no history rows). An INSERT is not a change: now only an
 * UPDATE that changes the status is logged, and 013's absorbing of a hand row that repeats that
 * UPDATE's row (quote_status_auto) stays as it was.
 *
 * Rows the old trigger already wrote are kept: they cannot be told from hand rows that 013 absorbed
 * into them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The function body holds semicolons at line ends, so it is one statement of its own.
  await sql`
    CREATE OR REPLACE FUNCTION log_quote_status() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    DECLARE
      logged bigint;
    BEGIN
      IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
        RETURN NULL;
      END IF;
      INSERT INTO quote_status_log (quote_id, status) VALUES (NEW.id, NEW.status) RETURNING id INTO logged;
      INSERT INTO quote_status_auto (quote_id, log_id) VALUES (NEW.id, logged)
        ON CONFLICT (quote_id) DO UPDATE SET log_id = EXCLUDED.log_id, written_at = EXCLUDED.written_at;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    DROP TRIGGER quotes_log_status ON quotes;
    CREATE TRIGGER quotes_log_status AFTER UPDATE OF status ON quotes
      FOR EACH ROW EXECUTE FUNCTION log_quote_status();
  `,
  );
}
