import { Hono, type Context } from 'hono';
import type { Transaction } from 'kysely';
import {
  answerOfficeRevisionRequest,
  createOfficeQuote,
  createOfficeQuoteFromRequest,
  getOfficeQuote,
  listOfficeQuotes,
  newOfficeQuoteVersion,
  saveOfficeQuoteDraft,
  sendOfficeQuote,
} from '../../../contracts/office/quotes';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { requestMeta, type RequestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { answerRevisionRequest } from './answer-revision-request';
import { createQuote } from './create-quote';
import { createQuoteFromRequest } from './create-quote-from-request';
import { createQuoteVersion } from './create-quote-version';
import { listOfficeQuotes as listQuotes } from './list-office-quotes';
import { getOfficeQuote as loadOfficeQuote } from './get-office-quote';
import { sealPendingOf } from '../signatures/seal';
import { saveQuoteDraft } from './save-quote-draft';
import { sendQuote } from './send-quote';

/**
 * /api/office/quotes: the office's Quotes screen and the quote editor. Mounted behind requireStaff
 * (server/office-app.ts). Each action runs in one transaction as the office's database
 * role (withOfficeScope: portal.actor names the staff member for the triggers) with its audit row and
 * the e-mail it queues.
 */
export function quoteOfficeRoutes({ db, config, secret, onMailQueued }: Pick<AppDeps, 'db' | 'config' | 'secret' | 'onMailQueued'>) {
  const act = async <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>, meta: RequestMeta) => Promise<T>) => {
    const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
    return withOfficeScope(db, meta.actor, (trx) => work(trx, meta));
  };
  const answer = async (c: Context<OfficeEnv>, quoteId: number, status: 200 | 201 = 200) => {
    const load = () =>
      withOfficeScope(db, c.get('staff').email, (trx) => loadOfficeQuote(trx, { quoteId, timeZone: config.company.timeZone }));
    let quote = await load();
    if (!quote) throw new NotFoundError('Quote not found.');
    // An approval whose signed PDF is not made yet (decision 269): sealed now, so the page offers it at once.
    if (quote.decisions.some((d) => d.decision === 'Approved' && !d.pdfSha256) && (await sealPendingOf(db, { quoteId })) > 0) {
      quote = (await load()) ?? quote;
    }
    return c.json(quote, status);
  };

  return new Hono<OfficeEnv>()
    .on(listOfficeQuotes.method, listOfficeQuotes.path, validate('query', listOfficeQuotes.query), async (c) =>
      c.json(await withOfficeScope(db, c.get('staff').email, (trx) => listQuotes(trx, c.req.valid('query'), config.company.timeZone))),
    )
    .on(createOfficeQuote.method, createOfficeQuote.path, validate('json', createOfficeQuote.body), async (c) => {
      const id = await act(c, (trx, meta) =>
        createQuote(trx, meta, c.req.valid('json'), { defaultDepositPercent: config.defaultDepositPercent }),
      );
      return answer(c, id, 201);
    })
    .on(getOfficeQuote.method, getOfficeQuote.path, validate('param', getOfficeQuote.params), async (c) =>
      answer(c, c.req.valid('param').id),
    )
    .on(
      saveOfficeQuoteDraft.method,
      saveOfficeQuoteDraft.path,
      validate('param', saveOfficeQuoteDraft.params),
      validate('json', saveOfficeQuoteDraft.body),
      async (c) => {
        const { id } = c.req.valid('param');
        await act(c, (trx, meta) => saveQuoteDraft(trx, meta, { quoteId: id, draft: c.req.valid('json') }));
        return answer(c, id);
      },
    )
    .on(sendOfficeQuote.method, sendOfficeQuote.path, validate('param', sendOfficeQuote.params), async (c) => {
      const { id } = c.req.valid('param');
      await act(c, (trx, meta) => sendQuote(trx, meta, { quoteId: id }, { config, secret }));
      onMailQueued();
      return answer(c, id);
    })
    .on(newOfficeQuoteVersion.method, newOfficeQuoteVersion.path, validate('param', newOfficeQuoteVersion.params), async (c) => {
      const { id } = c.req.valid('param');
      await act(c, (trx, meta) => createQuoteVersion(trx, meta, { quoteId: id }));
      return answer(c, id, 201);
    })
    .on(
      createOfficeQuoteFromRequest.method,
      createOfficeQuoteFromRequest.path,
      validate('param', createOfficeQuoteFromRequest.params),
      async (c) => {
        const workOrderId = c.req.valid('param').id;
        const id = await act(c, (trx, meta) =>
          createQuoteFromRequest(trx, meta, {
            workOrderId,
            timeZone: config.company.timeZone,
            depositPercent: config.defaultDepositPercent,
          }),
        );
        return answer(c, id, 201);
      },
    )
    .on(
      answerOfficeRevisionRequest.method,
      answerOfficeRevisionRequest.path,
      validate('param', answerOfficeRevisionRequest.params),
      validate('json', answerOfficeRevisionRequest.body),
      async (c) => {
        const { id, requestId } = c.req.valid('param');
        await act(c, (trx, meta) => answerRevisionRequest(trx, meta, { quoteId: id, requestId, ...c.req.valid('json') }));
        return answer(c, id);
      },
    );
}
