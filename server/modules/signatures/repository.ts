import type { Db } from '../../platform/db/customer-scope';

/** The signed PDF of a quote's approval (the latest, should a quote ever carry two), within what `db`'s role may see. */
export async function findSignedQuotePdf(db: Db, quoteId: number): Promise<{ pdf: Uint8Array; version: number } | undefined> {
  const row = await db
    .selectFrom('signed_documents')
    .select(['pdf', 'version'])
    .where('quote_id', '=', quoteId)
    .where('change_order_id', 'is', null)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { pdf: row.pdf, version: row.version } : undefined;
}
