import pg from 'pg';

export interface BulkSeed {
  /** Customers in all; the first `measured` are the ones the load signs in as. */
  customers: number;
  measured: number;
  /** Quotes of each measured customer, each with `history` status rows. */
  quotes: number;
  history: number;
  /** Quotes (with the same history) of every other customer: the big tables around the measured ones. */
  otherQuotes: number;
}

export const bulkEmail = (i: number) => `bulk-${String(i).padStart(6, '0')}@bench.example`;

/** Statuses written by hand before the one the quote is in (the trigger logs that one): never absorbed. */
const EARLIER_STATUSES = ['Draft', 'Under Review', 'Revision Requested', 'Revised', 'Pending', 'On Hold', 'Re-sent', 'Checked'];

/**
 * Fills a migrated database in a few set-based statements (generate_series), fast enough for
 * 100,000 customers: accounts cloned from one template account made through Better Auth (the
 * same password hash, e-mail confirmed), their customers rows, quotes, and status history (the
 * quote trigger logs each quote's status; older statuses are inserted with their dates).
 */
export async function bulkSeed(databaseUrl: string, templateEmail: string, plan: BulkSeed): Promise<void> {
  if (plan.history > EARLIER_STATUSES.length + 1) throw new Error(`at most ${EARLIER_STATUSES.length + 1} history rows per quote`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    await q(
      `INSERT INTO "user" (id, name, email, "emailVerified", image, "createdAt", "updatedAt", phone, address, locale, role)
       SELECT 'bulk-' || i, 'Bench ' || i, 'bulk-' || lpad(i::text, 6, '0') || '@bench.example', true, NULL, now(), now(),
              t.phone, t.address, t.locale, t.role
         FROM generate_series(0, $1::int - 1) AS i, "user" AS t WHERE t.email = $2`,
      [plan.customers, templateEmail],
    );
    await q(
      `INSERT INTO account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
       SELECT 'bulk-acc-' || i, 'bulk-' || i, a."providerId", 'bulk-' || i, a.password, now(), now()
         FROM generate_series(0, $1::int - 1) AS i, account AS a JOIN "user" AS t ON t.id = a."userId"
        WHERE t.email = $2 AND a."providerId" = 'credential'`,
      [plan.customers, templateEmail],
    );
    await q(
      `INSERT INTO customers (name, email, phone, address)
       SELECT 'Bench ' || i, 'bulk-' || lpad(i::text, 6, '0') || '@bench.example', '(555) 010-0000', '1 Bench Street'
         FROM generate_series(0, $1::int - 1) AS i`,
      [plan.customers],
    );
    // Quotes: the trigger logs each one's status at its created_at.
    await q(
      `INSERT INTO quotes (email, description, total, status, created_at)
       SELECT 'bulk-' || lpad(c::text, 6, '0') || '@bench.example', 'Bench quote ' || n || ': kitchen, roof or deck work.',
              (1000 + n * 25)::numeric + 0.5, 'Sent', now() - make_interval(days => n + 10)
         FROM generate_series(0, $1::int - 1) AS c,
              generate_series(0, CASE WHEN c < $2::int THEN $3::int ELSE $4::int END - 1) AS n`,
      [plan.customers, plan.measured, plan.quotes, plan.otherQuotes],
    );
    // Earlier statuses, dated before the quote's current one. None repeats the status the trigger
    // logged, so the absorbing trigger (migration 013) would keep every row: it is switched off for
    // the bulk insert (one lookup per row made 800,000 rows take minutes). A scratch database.
    // With the triggers off, the row's reader (migration 065) is written here as its trigger would.
    await q('ALTER TABLE quote_status_log DISABLE TRIGGER USER');
    await q(
      `INSERT INTO quote_status_log (quote_id, status, "timestamp", reader)
       SELECT qu.id, ($1::text[])[h], qu.created_at - make_interval(days => $2::int - h),
              CASE WHEN qu.status <> 'Draft' THEN lower(qu.email) END
         FROM quotes AS qu, generate_series(1, $2::int - 1) AS h
        WHERE qu.email LIKE 'bulk-%'`,
      [EARLIER_STATUSES, plan.history],
    );
    await q('ALTER TABLE quote_status_log ENABLE TRIGGER USER');
    // Settled before measuring: autovacuum on the new rows would otherwise compete for the CPU.
    await q('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}
