import type { z } from 'zod';
import type { createQuoteSchema } from '../../../contracts/office/quotes';
import { NotFoundError } from '../../../domain/errors';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';
import { writeDraft } from './versions-repository';

/**
 * 'New quote': a quote for the customer in Draft (never shown to them) with draft version 1.
 * Its total follows the draft until it is first sent.
 */
export async function createQuote(
  db: Db,
  meta: RequestMeta,
  input: z.output<typeof createQuoteSchema>,
  deps: { defaultDepositPercent: number } = { defaultDepositPercent: 0 },
): Promise<number> {
  const customer = await db.selectFrom('customers').select(['id', 'email']).where('id', '=', input.customerId).executeTakeFirst();
  if (!customer) throw new NotFoundError('Customer not found.');
  const { id } = await db
    .insertInto('quotes')
    .values({ email: customer.email, description: input.description, total: '0.00', status: 'Draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const quoteId = Number(id);
  await db
    .insertInto('quote_versions')
    .values({ quote_id: quoteId, version: 1, subtotal: '0', tax_rate: '0', tax: '0', total: '0', created_by: meta.actor })
    .execute();
  const totals = await writeDraft(db, quoteId, 1, { ...input, depositPercent: input.depositPercent ?? deps.defaultDepositPercent });
  await db.updateTable('quotes').set({ total: totals.total }).where('id', '=', quoteId).execute();
  await audit(db, {
    actor: meta.actor,
    action: 'create-quote',
    entity: 'quote',
    entityId: quoteId,
    after: { customerId: Number(customer.id), email: customer.email, status: 'Draft', version: 1, ...draftSummary(input, totals.total) },
    ip: meta.ip,
  });
  return quoteId;
}

/** A draft's content for the audit log. */
export const draftSummary = (
  draft: {
    description: string;
    lines: readonly object[];
    taxRate: string;
    validUntil: string | null;
    terms: string;
    depositPercent?: number | undefined;
  },
  total: string,
) => ({
  ...(draft.depositPercent === undefined ? {} : { depositPercent: draft.depositPercent }),
  description: draft.description,
  lines: draft.lines,
  taxRate: draft.taxRate,
  validUntil: draft.validUntil,
  terms: draft.terms,
  total,
});
