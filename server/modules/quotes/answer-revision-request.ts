import { sql } from 'kysely';
import type { z } from 'zod';
import type { revisionAnswerSchema } from '../../../contracts/office/quotes';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';

/**
 * The office's answer to a revision request (issue 22): until change orders exist, an Approved quote
 * (frozen, no new version) would leave the customer's request unanswered. The answer is stored on
 * the request, shown to the customer on the quote, closes the Inbox entry (trigger, migration 078)
 * and is audited. A request is answered once: a second answer is refused (409), so what the customer
 * read is what the audit log says.
 */
export async function answerRevisionRequest(
  db: Db,
  meta: RequestMeta,
  { quoteId, requestId, answer }: { quoteId: number; requestId: number } & z.output<typeof revisionAnswerSchema>,
): Promise<void> {
  const request = await db
    .selectFrom('quote_requests')
    .select(['id', 'message', 'answer'])
    .where('id', '=', requestId)
    .where('quote_id', '=', quoteId)
    .forUpdate()
    .executeTakeFirst();
  if (!request) throw new NotFoundError('Revision request not found.');
  if (request.answer !== null) throw new WrongStateError('already_answered', 'This revision request has been answered already.');
  await db
    .updateTable('quote_requests')
    .set({ answer, answered_at: sql<Date>`now()` })
    .where('id', '=', requestId)
    .execute();
  await audit(db, {
    actor: meta.actor,
    action: 'answer-revision-request',
    entity: 'quote',
    entityId: quoteId,
    before: { requestId, message: request.message, answer: null },
    after: { requestId, answer: answer },
    ip: meta.ip,
  });
}
