import http from 'node:http';
import pg from 'pg';

/**
 * The yardstick of `npm run bench -- --compare-bare`: the least a server can do to answer a
 * customer's quotes list. node:http and a pg pool, no framework, no session, no row-level-security
 * transaction: it takes the customer's e-mail from a header and runs the same quotes SQL as the
 * portal's GET /api/quotes (server/modules/quotes/repository.ts), answering the same JSON.
 * Written apart from the portal on purpose: it shares none of its code.
 */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
// The rows are the answer's quotes as they are (same fields, same order, same text).
const QUOTES_SQL = `
  select quotes.id, coalesce(quotes.description, '') as description,
         to_char(quotes.created_at at time zone 'UTC', ${ISO}) as created_at,
         quotes.total::text as total, quotes.status,
         coalesce((
           select json_agg(json_build_object('status', log.status, 'timestamp', to_char(log."timestamp" at time zone 'UTC', ${ISO}))
                           order by log."timestamp", log.id)
           from quote_status_log as log
           where log.quote_id = quotes.id
             and not (log.status = 'Draft' and quotes.current_version is not null)
         ), '[]'::json) as history
    from quotes
   where lower(quotes.email) = lower($1)
   order by quotes.created_at desc, quotes.id desc`;

// bigint ids as numbers, as the portal reads them.
pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });

const server = http.createServer((req, res) => {
  const email = req.headers['x-bench-email'];
  if (req.url !== '/quotes' || typeof email !== 'string') {
    res.writeHead(404).end();
    return;
  }
  pool.query(QUOTES_SQL, [email]).then(
    ({ rows }) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ quotes: rows }));
    },
    (err: Error) => {
      process.stderr.write(`bare handler: ${err.message}\n`);
      res.writeHead(500).end();
    },
  );
});

server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => void pool.end()));
