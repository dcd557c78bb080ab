import { sql } from 'kysely';
import type { ChangeOrderView } from '../../../contracts/change-order-document';
import { NotFoundError } from '../../../domain/errors';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { changeOrderDecided, changeOrderExpired, contractChanged, refusalOf } from './errors';
import { officeChangeOrderDecisionMail, officeChangeOrderUrl } from './mail';
import { changeOrderViews, loadChangeOrderRows, quoteOfChangeOrder, type ChangeOrderRow } from './repository';

export interface ChangeOrderDecisionDeps {
  officeEmail: string;
  appUrl: string;
}

/**
 * The customer approves a change order, in their scope and one transaction. ONE conditional UPDATE
 * decides (still Sent, with the content the customer saw); the database's trigger (change-orders.sql)
 * refuses it after 'Answer by' or when another change order was approved since this one was sent, and
 * of two approvals of one change order the second finds it no longer Sent. The signature is stored as
 * the quote approval's is (name, time, address, browser, content hash) in change_order_approvals, one
 * row per change order, where the signature evidence of contract-spec §1 attaches.
 */
export async function approveChangeOrder(
  db: Db,
  meta: RequestMeta,
  input: { id: number; signerName: string; contentHash: string; customerEmail: string },
  deps: ChangeOrderDecisionDeps,
): Promise<ChangeOrderView> {
  const row = await openChangeOrder(db, input.id);
  if (row.content_hash !== input.contentHash) throw contractChanged();
  await decide(db, input.id, 'Approved', input.contentHash);
  await sql`
    INSERT INTO change_order_approvals (change_order_id, decision, signer_name, ip, user_agent, content_hash)
    VALUES (${input.id}, 'Approved', ${input.signerName}, ${meta.ip}, ${meta.userAgent}, ${input.contentHash})`.execute(db);
  await enqueueMail(db, {
    kind: 'change-order-approved',
    to: deps.officeEmail,
    replyTo: input.customerEmail,
    ...officeChangeOrderDecisionMail({
      quoteId: Number(row.quote_id),
      number: row.number,
      decision: 'Approved',
      customerEmail: input.customerEmail,
      signerName: input.signerName,
      reason: null,
      amount: row.amount,
      totalAfter: row.total_after,
      officeUrl: officeChangeOrderUrl(deps.appUrl, input.id),
    }),
  });
  return reread(db, row);
}

/** The change order as the customer may answer it, or the reason they cannot (404 when it is not theirs). */
export async function openChangeOrder(db: Db, id: number): Promise<ChangeOrderRow> {
  const quoteId = await quoteOfChangeOrder(db, id);
  if (quoteId === undefined) throw new NotFoundError('Change order not found.');
  const row = (await loadChangeOrderRows(db, quoteId, { id }))[0]!;
  if (row.status === 'Expired') throw changeOrderExpired();
  if (row.status !== 'Sent') throw changeOrderDecided();
  if (Number(row.approved_now) !== row.base_approved && row.status === 'Sent') throw contractChanged();
  return row;
}

/** The one conditional UPDATE; a lost race is 'already answered', the trigger's refusals their own errors. */
export async function decide(db: Db, id: number, status: 'Approved' | 'Declined', contentHash: string): Promise<void> {
  await sql`SAVEPOINT change_order_decision`.execute(db);
  let changed: number;
  try {
    const result = await sql`
      UPDATE change_orders SET status = ${status} WHERE id = ${id} AND status = 'Sent' AND content_hash = ${contentHash} RETURNING id`.execute(
      db,
    );
    changed = result.rows.length;
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT change_order_decision`.execute(db);
    throw refusalOf(err) ?? err;
  }
  if (changed !== 1) throw changeOrderDecided();
}

export async function reread(db: Db, row: ChangeOrderRow): Promise<ChangeOrderView> {
  const [one] = await changeOrderViews(db, await loadChangeOrderRows(db, Number(row.quote_id), { id: Number(row.id) }));
  return one!.view;
}
