import http from 'node:http';
import pg from 'pg';
import { bareWrites, type Approval, type WorkRequest } from './bare-writes';

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
const { submitWorkOrder, approve } = bareWrites(pool, ISO);

const server = http.createServer((req, res) => {
  const fail = (err: Error) => {
    process.stderr.write(`bare handler: ${err.message}\n`);
    if (!res.headersSent) res.writeHead(500).end();
  };
  const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (req.method === 'POST' && (req.url === '/work-orders' || req.url === '/approve')) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const work = req.url === '/work-orders' ? submitWorkOrder(body as unknown as WorkRequest) : approve(body as unknown as Approval);
      work.then((answer) => (answer ? json(201, answer) : json(409, { error: 'not approvable' })), fail);
    });
    return;
  }
  if (req.method === 'GET' && req.url?.startsWith('/search?')) {
    const q = new URL(req.url, 'http://bare').searchParams.get('q') ?? '';
    search(q).then((answer) => json(200, answer), fail);
    return;
  }
  const email = req.headers['x-bench-email'];
  if (req.url !== '/quotes' || typeof email !== 'string') {
    res.writeHead(404).end();
    return;
  }
  pool.query(QUOTES_SQL, [email]).then(({ rows }) => json(200, { quotes: rows }), fail);
});

/**
 * `npm run bench -- --compare-search`: the office's customer search (GET /api/office/customers?q=),
 * the same SQL as server/modules/customers/repository.ts sends for a term, on the same trigram index
 * of customers.search_text: the matches, sorted by the folded name, a page of 25 (and one more, to
 * know that another page follows), joined to the accounts. No session, no role, no transaction.
 */
const SEARCH_SQL = (phone: boolean) => `
  select c.id, c.name, c.email, c.phone, c.address, c.account_number, c.created_at, c.sort_key,
         u.id is not null as registered, u."emailVerified" as verified
    from (with matches as materialized (
            select c.id, c.name, c.email, c.phone, c.address, c.account_number, c.created_at, c.sort_name as sort_key
              from customers as c
             where ${phone ? '(c.search_text like search_fold($1) or c.search_text like search_fold($3))' : 'c.search_text like search_fold($1)'})
          select c.* from matches as c order by c.sort_key, c.id limit $2) as c
    left join "user" as u on u.email = lower(c.email)
   order by c.sort_key, c.id`;
const PAGE = 25;
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

async function search(q: string) {
  // A term of phone characters is also looked up by its digits alone (555 042 finds 555042).
  const digits = /^[\d\s().+\-/]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const phone = digits.length >= 3 && digits !== q.trim();
  const values: unknown[] = [containing(q), PAGE + 1, ...(phone ? [containing(digits)] : [])];
  const { rows } = await pool.query<Record<string, unknown>>(SEARCH_SQL(phone), values);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    customers: page.map((r) => ({
      id: r.id,
      name: r.name ?? null,
      email: r.email,
      phone: r.phone ?? null,
      address: r.address ?? null,
      accountNumber: r.account_number ?? null,
      createdAt: (r.created_at as Date).toISOString(),
      account: !r.registered ? 'none' : r.verified ? 'active' : 'unconfirmed',
    })),
    nextCursor: rows.length > PAGE && last ? Buffer.from(JSON.stringify([last.sort_key, last.id])).toString('base64url') : null,
  };
}

server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => void pool.end()));
