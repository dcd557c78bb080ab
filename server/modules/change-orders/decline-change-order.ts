import { sql } from 'kysely';
import type { ChangeOrderView } from '../../../contracts/change-order-document';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { decide, openChangeOrder, reread, type ChangeOrderDecisionDeps } from './approve-change-order';
import { officeChangeOrderDecisionMail, officeChangeOrderUrl } from './mail';

/** The customer declines a change order with a reason: the same one conditional UPDATE as an approval; the office is e-mailed. */
export async function declineChangeOrder(
  db: Db,
  meta: RequestMeta,
  input: { id: number; reason: string; customerEmail: string; personId?: string | null },
  deps: ChangeOrderDecisionDeps,
): Promise<ChangeOrderView> {
  const row = await openChangeOrder(db, input.id);
  await decide(db, input.id, 'Declined', row.content_hash!);
  await sql`
    INSERT INTO change_order_approvals (change_order_id, decision, reason, ip, user_agent, content_hash, person_id)
    VALUES (${input.id}, 'Declined', ${input.reason}, ${meta.ip}, ${meta.userAgent}, ${row.content_hash}, ${input.personId ?? null})`.execute(
    db,
  );
  await enqueueMail(db, {
    kind: 'change-order-declined',
    to: deps.officeEmail,
    replyTo: input.customerEmail,
    ...officeChangeOrderDecisionMail({
      quoteId: Number(row.quote_id),
      number: row.number,
      decision: 'Declined',
      customerEmail: input.customerEmail,
      signerName: null,
      reason: input.reason,
      amount: row.amount,
      totalAfter: row.total_after,
      officeUrl: officeChangeOrderUrl(deps.appUrl, input.id),
    }),
  });
  return reread(db, row);
}
