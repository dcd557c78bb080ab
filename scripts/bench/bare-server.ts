import crypto from 'node:crypto';
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

/** One transaction on one pooled connection; rolled back on any error. */
async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const APP = 'http://bench.example';
interface WorkRequest {
  email: string;
  name: string;
  address: string;
  description: string;
  propertyId: number;
}

/**
 * `npm run bench -- --compare-writes`, a work request: the order and its two e-mails (the office's,
 * the customer's copy) in one transaction, the least the portal's POST /api/work-orders must keep:
 * BEGIN, two INSERTs, COMMIT. Its e-mails wait for 'infinity': the portal's mail worker, which delivers
 * the portal's own, is left to them (a bare handler's would be another process). The database's own triggers (the order's event, the office's inbox, the
 * property's address) run as for the portal; no session, no hourly limit, no row-level security.
 */
function submitWorkOrder(input: WorkRequest) {
  return transaction(async (client) => {
    const { rows } = await client.query<Record<string, unknown>>(
      `INSERT INTO work_orders (email, address, description, status, property_id) VALUES ($1, $2, $3, 'Pending', $4)
       RETURNING id, description, address, status, to_char(submitted_at at time zone 'UTC', ${ISO}) AS submitted_at,
                 to_char(request_date, 'YYYY-MM-DD') AS request_date, property_id`,
      [input.email, input.address, input.description, input.propertyId],
    );
    const order = rows[0]!;
    const office = [
      `${input.name} sent a new work request.`,
      '',
      `Work Order #${order.id}`,
      `Customer: ${input.name} <${input.email}>`,
      `Service address: ${order.address}`,
      '',
      'Description:',
      input.description,
      '',
      `Open it in the office: ${APP}/office/work-orders/${order.id}`,
    ].join('\n');
    const copy = [
      `Thank you. Bench Co received your request #${order.id}.`,
      `Address: ${order.address}`,
      `Description: ${input.description}`,
      '',
      'What happens next: our office reviews your request and contacts you to agree on a visit or to send you a quote.',
      `Follow its status here: ${APP}/work-orders/${order.id}`,
    ].join('\n');
    await client.query(
      `INSERT INTO mail_outbox (kind, to_address, reply_to, subject, text_body, next_attempt_at) VALUES
         ('office-work-request', 'office@bench.example', $1, $2, $3, 'infinity'), ('work-request-copy', lower($1), NULL, $4, $5, 'infinity')`,
      [input.email, `New work request #${order.id} from ${input.name}`, office, `We received your request #${order.id}`, copy],
    );
    const { property_id: propertyId, ...answer } = order;
    return { ...answer, schedule: null, quoteId: null, propertyId };
  });
}

interface Approval {
  email: string;
  name: string;
  quoteId: number;
  version: number;
  signerName: string;
  ip: string;
  userAgent: string;
}

/**
 * The signed PDF the bare handler stores: it renders none (the portal renders the quote and its
 * certificate page per approval); it stores the bytes of the first approval the portal made in this
 * run, so its rows are as big as the portal's.
 */
let signedPdf: Promise<{ pdf: Buffer; sha256: string; base64: string }> | undefined;
const loadSignedPdf = () =>
  (signedPdf ??= pool.query<{ pdf: Buffer }>('SELECT pdf FROM signed_documents ORDER BY id LIMIT 1').then(({ rows }) => {
    const pdf = rows[0]!.pdf;
    return { pdf, sha256: crypto.createHash('sha256').update(pdf).digest('hex'), base64: pdf.toString('base64') };
  }));

/**
 * `npm run bench -- --compare-writes`, an approval: the durable rows the portal's POST
 * /api/quotes/:id/approve keeps, in one transaction: the quote's status (one conditional UPDATE, its
 * triggers log it), the signer's three events (the database chains and hashes them), the signed PDF,
 * the approval row, and the two e-mails (the office's; the customer's copy with the PDF attached).
 */
function approve(input: Approval) {
  return loadSignedPdf().then((signed) =>
    transaction(async (client) => {
      const won = await client.query(
        `UPDATE quotes SET status = 'Approved'
          WHERE id = $1 AND lower(email) = lower($2) AND status = 'Sent' AND current_version = $3 AND valid_until >= current_date
          RETURNING id`,
        [input.quoteId, input.email, input.version],
      );
      if (won.rowCount !== 1) return undefined;
      const consented = JSON.stringify({ version: input.version, consentVersion: '2026-11-25', consentLocale: 'en' });
      const signedEvent = JSON.stringify({ version: input.version, signerName: input.signerName, authMethod: 'password' });
      const emailed = JSON.stringify({ version: input.version, to: input.email.toLowerCase() });
      await client.query(
        `INSERT INTO signature_events (document_kind, document_id, event, ip, user_agent, details) VALUES
           ('quote', $1, 'consented', $2, $3, $4), ('quote', $1, 'signed', $2, $3, $5), ('quote', $1, 'copy_emailed', NULL, NULL, $6)`,
        [input.quoteId, input.ip, input.userAgent, consented, signedEvent, emailed],
      );
      const code = crypto.randomBytes(10).toString('hex').toUpperCase();
      await client.query(
        `INSERT INTO signed_documents (quote_id, version, pdf, pdf_sha256, content_hash, verification_code, signed_part_length, signed_part_sha256, locale)
         SELECT $1, $2, $3, $4, content_hash, $5, $6, $4, 'en' FROM quote_versions WHERE quote_id = $1 AND version = $2`,
        [input.quoteId, input.version, signed.pdf, signed.sha256, code, signed.pdf.byteLength],
      );
      const { rows } = await client.query<{ total: string; description: string }>(
        `INSERT INTO quote_approvals (quote_id, version, decision, signer_name, total, ip, user_agent, content_hash, consent_version,
                                      consent_locale, auth_method, pdf_sha256)
         SELECT $1, $2, 'Approved', $3, v.total, $4, $5, v.content_hash, '2026-11-25', 'en', 'password', $6
           FROM quote_versions AS v WHERE v.quote_id = $1 AND v.version = $2
         RETURNING total::text AS total, (SELECT description FROM quote_versions WHERE quote_id = $1 AND version = $2) AS description`,
        [input.quoteId, input.version, input.signerName, input.ip, input.userAgent, signed.sha256],
      );
      const { total, description } = rows[0]!;
      const office = [
        `${input.name} approved Quote #${input.quoteId} (version ${input.version}).`,
        `Signed by: ${input.signerName}`,
        `Total: $${total}`,
        '',
        `Open it in the office: ${APP}/office/quotes/${input.quoteId}`,
      ].join('\n');
      const copy = [
        `Thank you. You approved quote #${input.quoteId}, version ${input.version}: ${description}.`,
        `Signed by: ${input.signerName}`,
        `Signed total: $${total}`,
        '',
        `The signed quote and its PDF are here: ${APP}/quotes/${input.quoteId}`,
        `Verification code: ${code}, SHA-256 ${signed.sha256}`,
      ].join('\n');
      const attachment = JSON.stringify([
        { filename: `quote-${input.quoteId}-signed.pdf`, contentType: 'application/pdf', content: signed.base64, encoding: 'base64' },
      ]);
      await client.query(
        `INSERT INTO mail_outbox (kind, to_address, reply_to, subject, text_body, attachments, next_attempt_at) VALUES
           ('quote-approved', 'office@bench.example', $1, $2, $3, NULL, 'infinity'),
           ('quote-approval-copy', lower($1), NULL, $4, $5, $6::jsonb, 'infinity')`,
        [input.email, `Quote #${input.quoteId} approved by ${input.name}`, office, `Your signed Quote #${input.quoteId}`, copy, attachment],
      );
      return { status: 'Approved', quoteId: input.quoteId, total, verificationCode: code };
    }),
  );
}

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
