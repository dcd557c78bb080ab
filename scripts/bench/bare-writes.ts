import crypto from 'node:crypto';
import type pg from 'pg';

export interface WorkRequest {
  email: string;
  name: string;
  address: string;
  description: string;
  propertyId: number;
}

export interface Approval {
  email: string;
  name: string;
  quoteId: number;
  version: number;
  signerName: string;
  ip: string;
  userAgent: string;
}

/**
 * The bare handler's writes (`npm run bench -- --compare-writes`, bare-server.ts serves them): a work
 * request and an approval, each the durable rows the portal's endpoint keeps, in one transaction on
 * the handler's pool. Like the rest of the bare handler, it shares none of the portal's code.
 */
export function bareWrites(pool: pg.Pool, ISO: string) {
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
          [
            input.email,
            `Quote #${input.quoteId} approved by ${input.name}`,
            office,
            `Your signed Quote #${input.quoteId}`,
            copy,
            attachment,
          ],
        );
        return { status: 'Approved', quoteId: input.quoteId, total, verificationCode: code };
      }),
    );
  }

  return { submitWorkOrder, approve };
}
