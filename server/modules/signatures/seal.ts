import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { DocumentKind } from './events';
import type { SealRow } from './record-signature';
import { makeSignedDocument } from './record-signed-document';

/*
 * The seal (decision 269): a seal row written by the approval (record-signature.ts) becomes its signed
 * document (record-signed-document.ts) exactly once, by the worker (start-seal-worker.ts) or on demand.
 */

export interface Sealed {
  sealId: number;
  documentKind: DocumentKind;
  documentId: number;
  version: number;
  signedDocumentId: number;
  pdfSha256: string;
}

export interface SealFailure {
  sealId: number;
  documentKind: DocumentKind;
  documentId: number;
  version: number;
  attempts: number;
  retryInSeconds: number;
  error: unknown;
}

export interface SealOptions {
  /** Seconds before a failed seal is tried again, by its attempts so far (1, 2, ...). */
  retryDelay?: ((attempts: number) => number) | undefined;
}

/** 15 s, 30 s, 1 min... at most an hour. */
export const sealRetrySeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));

type Pick_ = { next: true } | { id: number };

/**
 * Seals one document in one transaction, exactly once: its seal row is locked (FOR UPDATE; the worker
 * skips rows another holds, someone asking for this very document waits for it), and a row already
 * sealed is left alone. In the transaction: 'copy_emailed' joins the chain, the signed PDF and its
 * certificate are drawn, signed_documents gets the file, the approval its pdf_sha256, the outbox the
 * signer's copy with the file attached, and the row is marked sealed. A failure is rolled back to
 * before it and recorded on the row (attempts, last_error, run_after with backoff), still under the
 * lock; it is returned, for the caller to log or throw.
 */
async function sealOne(db: Kysely<Database>, pick: Pick_, opts: SealOptions): Promise<Sealed | SealFailure | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } =
      'next' in pick
        ? await sql<SealRow>`
            SELECT id, document_kind, document_id, quote_id, change_order_id, version, payload, attempts, sealed_at
              FROM signature_seals WHERE sealed_at IS NULL AND run_after <= now()
             ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx)
        : await sql<SealRow>`
            SELECT id, document_kind, document_id, quote_id, change_order_id, version, payload, attempts, sealed_at
              FROM signature_seals WHERE id = ${pick.id} FOR UPDATE`.execute(trx);
    const row = rows[0];
    if (!row || row.sealed_at) return undefined;
    const which = { sealId: Number(row.id), documentKind: row.document_kind, documentId: Number(row.document_id), version: row.version };
    await sql`SAVEPOINT seal`.execute(trx);
    try {
      const made = await makeSignedDocument(trx, row);
      await sql`
        UPDATE signature_seals SET sealed_at = now(), signed_document_id = ${made.id}, attempts = attempts + 1, last_error = NULL
         WHERE id = ${row.id}`.execute(trx);
      return { ...which, signedDocumentId: made.id, pdfSha256: made.pdfSha256 };
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT seal`.execute(trx);
      const attempts = row.attempts + 1;
      const retryInSeconds = (opts.retryDelay ?? sealRetrySeconds)(attempts);
      const message = error instanceof Error ? error.message : String(error);
      await sql`
        UPDATE signature_seals SET attempts = ${attempts}, last_error = ${message.slice(0, 1000)},
               run_after = now() + make_interval(secs => ${retryInSeconds})
         WHERE id = ${row.id}`.execute(trx);
      return { ...which, attempts, retryInSeconds, error };
    }
  });
}

export const isSealFailure = (r: Sealed | SealFailure): r is SealFailure => 'error' in r;

/** The worker's step: the next due document no one else is sealing, or undefined when there is none. */
export function sealNext(db: Kysely<Database>, opts: SealOptions = {}): Promise<Sealed | SealFailure | undefined> {
  return sealOne(db, { next: true }, opts);
}

export class SealError extends Error {
  constructor(readonly failure: SealFailure) {
    super(`signed document ${failure.documentKind} ${failure.documentId} v${failure.version} could not be sealed`, {
      cause: failure.error,
    });
  }
}

/**
 * On demand (decision 269): a download or a page that needs the signed document before the worker got
 * to it seals it here, through the same locked step (the worker's own run, if under way, is waited
 * for and then found done). Whatever is still pending for this quote (its approval and its change
 * orders) or this change order is sealed, due or not. Answers how many seal rows it has, sealed now
 * by this call, by the worker, or before: the caller reads again whenever it is more than 0, even when
 * this call had nothing left to do (the worker may have sealed it between the caller's first read and
 * this one: answering "nothing pending" then left a page without its download and a download with a
 * 404). 0 means it has none (an approval made before decision 269): nothing new to read. Throws
 * SealError when a document cannot be made.
 */
export async function sealPendingOf(
  db: Kysely<Database>,
  of: { quoteId: number } | { changeOrderId: number },
  opts: SealOptions = {},
): Promise<number> {
  const seals = await db
    .selectFrom('signature_seals')
    .select(['id', 'sealed_at'])
    .$call((q) => ('quoteId' in of ? q.where('quote_id', '=', of.quoteId) : q.where('change_order_id', '=', of.changeOrderId)))
    .orderBy('id')
    .execute();
  for (const { id } of seals.filter((s) => s.sealed_at === null)) {
    const result = await sealOne(db, { id: Number(id) }, opts);
    if (result && isSealFailure(result)) throw new SealError(result);
  }
  return seals.length;
}
