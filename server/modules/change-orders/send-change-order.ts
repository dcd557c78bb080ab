import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { canonicalChangeOrder } from '../../../domain/change-orders/canonical';
import { NotFoundError } from '../../../domain/errors';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { queueUpdateMail, updateRecipient } from '../profile/update-mail-policy';
import { answerByNeeded, changeOrderEmpty, changeOrderSent, contractChanged } from './errors';
import { changeOrderSentMail, customerChangeOrderUrl } from './mail';
import { loadContractState } from './contract-state';
import { loadChangeOrderRows, loadLines } from './repository';

export interface SendChangeOrderDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
  secret: string;
}

/**
 * 'Send to customer': the draft is frozen (sent_at, its content hash, the company's time zone for
 * 'Answer by'; the database refuses any change after) and the customer is e-mailed in their language.
 * Refused when the contract changed since the draft was saved (save it again), with nothing to change,
 * or without an answer-by day from today on.
 */
export async function sendChangeOrder(db: Db, meta: RequestMeta, { id }: { id: number }, deps: SendChangeOrderDeps): Promise<void> {
  const quoteId = (await sql<{ quote_id: number | string }>`SELECT quote_id FROM change_orders WHERE id = ${id} FOR UPDATE`.execute(db))
    .rows[0]?.quote_id;
  if (quoteId === undefined) throw new NotFoundError('Change order not found.');
  const row = (await loadChangeOrderRows(db, Number(quoteId), { id }))[0]!;
  if (row.stored_status !== 'Draft') throw changeOrderSent();
  const lines = (await loadLines(db, [id])).get(id) ?? [];
  if (!lines.length && row.added_days === 0) throw changeOrderEmpty();
  const { today } = (
    await sql<{ today: string }>`SELECT to_char((now() AT TIME ZONE ${deps.config.company.timeZone})::date, 'YYYY-MM-DD') AS today`.execute(
      db,
    )
  ).rows[0]!;
  if (!row.answer_by || row.answer_by < today) throw answerByNeeded();
  const state = (await loadContractState(db, Number(quoteId)))!;
  if (state.approvedCount !== row.base_approved || state.contractTotal !== row.total_before) throw contractChanged();

  const content = {
    quoteId: Number(quoteId),
    number: row.number,
    reason: row.reason,
    addedDays: row.added_days,
    answerBy: row.answer_by,
    taxRate: row.tax_rate,
    lines,
    subtotalBefore: row.subtotal_before,
    subtotalAfter: row.subtotal_after,
    totalBefore: row.total_before,
    totalAfter: row.total_after,
    amount: row.amount,
  };
  const hash = createHash('sha256').update(canonicalChangeOrder(content), 'utf8').digest('hex');
  await sql`
    UPDATE change_orders SET status = 'Sent', sent_at = now(), content_hash = ${hash}, time_zone = ${deps.config.company.timeZone}
     WHERE id = ${id}`.execute(db);

  const recipient = await updateRecipient(db, deps, state.email);
  if (recipient) {
    const mail = changeOrderSentMail(recipient.locale, {
      company: deps.config.company.name,
      quoteId: Number(quoteId),
      number: row.number,
      reason: row.reason,
      amount: row.amount,
      totalBefore: row.total_before,
      totalAfter: row.total_after,
      addedDays: row.added_days,
      answerBy: row.answer_by,
      url: customerChangeOrderUrl(deps.config.appUrl, Number(quoteId)),
      optOutUrl: recipient.optOutUrl,
    });
    await queueUpdateMail(db, recipient, { kind: 'change-order-sent', ...mail });
  }
  await audit(db, {
    actor: meta.actor,
    action: 'send-change-order',
    entity: 'change-order',
    entityId: id,
    before: { status: 'Draft' },
    after: {
      status: 'Sent',
      quoteId: Number(quoteId),
      number: row.number,
      amount: row.amount,
      totalAfter: row.total_after,
      contentHash: hash,
    },
    ip: meta.ip,
  });
}
