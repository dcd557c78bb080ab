import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The customer's policy on quote_status_log becomes a column comparison instead of a probe of quotes
 * per history row (issue 13, the quotes list: 50 quotes x 5 rows read 1,119 buffers in 2.1 ms as the
 * customer, 372 in 1.4 ms without row-level security).
 *
 * quote_status_log.reader holds the lower-case e-mail of the customer who may read the row: its
 * quote's owner, NULL while the quote is a Draft. That is exactly the quotes_owner policy
 * (migration 035: lower(email) = portal.email AND status <> 'Draft') evaluated on the row's quote, so
 * the new policy `reader = current_setting('portal.email', true)` shows a customer the same rows as
 * the old `EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_id)` did. Two triggers keep it right:
 * - BEFORE INSERT or UPDATE OF quote_id on quote_status_log: the reader is read from the quote
 *   (whatever the writer put in the column: it is never taken from the writer);
 * - AFTER UPDATE OF email, status on quotes: when the reader changes (an e-mail change, e.g.
 *   move_customer_email of migration 045; a quote leaving or entering Draft) every row of the quote
 *   gets the new one, in the same transaction.
 * Both run as the owner (SECURITY DEFINER): a customer's own status change (approve, decline) updates
 * the log's rows without any right on the table. No index: the list reaches the rows by
 * quote_status_log_quote_idx and the policy is a filter on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE quote_status_log ADD COLUMN reader text;
  `,
  );
  // Each function body holds semicolons at line ends, so each is one statement of its own.
  await sql`
    CREATE FUNCTION quote_status_log_set_reader() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      NEW.reader := (SELECT CASE WHEN q.status <> 'Draft' THEN lower(q.email) END FROM quotes q WHERE q.id = NEW.quote_id);
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION quote_status_log_follow_quote() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    DECLARE
      next_reader text := CASE WHEN NEW.status <> 'Draft' THEN lower(NEW.email) END;
    BEGIN
      UPDATE quote_status_log SET reader = next_reader
        WHERE quote_id = NEW.id AND reader IS DISTINCT FROM next_reader;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER quote_status_log_reader BEFORE INSERT OR UPDATE OF quote_id, reader ON quote_status_log
      FOR EACH ROW EXECUTE FUNCTION quote_status_log_set_reader();
    CREATE TRIGGER quotes_status_log_reader AFTER UPDATE OF email, status ON quotes
      FOR EACH ROW
      WHEN ((CASE WHEN NEW.status <> 'Draft' THEN lower(NEW.email) END)
            IS DISTINCT FROM (CASE WHEN OLD.status <> 'Draft' THEN lower(OLD.email) END))
      EXECUTE FUNCTION quote_status_log_follow_quote();
    UPDATE quote_status_log l SET reader = CASE WHEN q.status <> 'Draft' THEN lower(q.email) END
      FROM quotes q WHERE q.id = l.quote_id;
    ALTER POLICY quote_status_log_owner ON quote_status_log
      USING (reader = current_setting('portal.email', true));
  `,
  );
}
