-- Expiry of a quote, written once for every query: a Sent quote past its valid-until day (a day in
-- the company's time zone, `today`) is Expired, whether or not the periodic job (expireQuotes) has
-- written that status yet. Every list and page shows this status (server/modules/quotes/listed.ts),
-- the job writes it, and an approval or decline is taken only while it is still Sent (decide-quote.ts).
-- The same rule in TypeScript is effectiveStatus (domain/quotes/statuses.ts), run against this one on
-- many cases by server/platform/db/rules-parity.api.test.ts.
-- A plain SQL expression (not STRICT, no SET): the planner inlines it, so indexes and plans are those
-- of the expression itself.

CREATE OR REPLACE FUNCTION quote_listed_status(status text, valid_until date, today date) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'Sent' AND valid_until < today THEN 'Expired' ELSE status END
$$;
