import { Hono } from 'hono';
import { quoteIdSchema, revisionRequestSchema, type QuoteList, type RevisionRequestCreated } from '../../../contracts/customer/quotes';
import type { AppDeps } from '../../app';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import { notFound } from '../../platform/http/errors';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { enqueueMail } from '../../platform/mail/outbox';
import { findOwnedQuote, insertRevisionRequest, listQuotesForCustomer } from './repository';
import { revisionRequestMail } from './revision-mail';

const QUOTE_NOT_FOUND = 'Quote not found.';

/**
 * /api/quotes: the signed-in customer's quotes and their revision requests.
 * Every record is reached through the session's e-mail, under row-level security as that customer;
 * another customer's quote is answered exactly like one that does not exist (404), so ids reveal nothing.
 */
export function quoteRoutes({ db, config, onMailQueued, limits = HOURLY_LIMITS }: Pick<AppDeps, 'db' | 'config' | 'onMailQueued' | 'limits'>) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { email } = c.get('customer');
      const quotes = await withCustomerScope(db, email, (trx) => listQuotesForCustomer(trx, email));
      return c.json({ quotes } satisfies QuoteList);
    })
    .post(
      '/:id/revision-requests',
      validate('json', revisionRequestSchema),
      async (c) => {
        const id = quoteIdSchema.safeParse(c.req.param('id'));
        if (!id.success) throw notFound(QUOTE_NOT_FOUND);
        const customer = c.get('customer');
        const { message } = c.req.valid('json');

        // The request and the e-mail about it are kept together or not at all (one transaction),
        // under row-level security as this customer.
        const created = await withCustomerScope(db, customer.email, async (trx) => {
          const quote = await findOwnedQuote(trx, id.data, customer.email);
          if (!quote) throw notFound(QUOTE_NOT_FOUND);
          await assertUnderHourlyLimit(trx, { table: 'quote_requests', column: 'requested_at' }, customer.email, limits.revisionRequests);
          const stored = await insertRevisionRequest(trx, { quoteId: quote.id, email: customer.email, message });
          await enqueueMail(
            trx,
            revisionRequestMail({
              officeEmail: config.company.email,
              quoteId: quote.id,
              quoteDescription: quote.description ?? '',
              customerName: customer.name,
              customerEmail: customer.email,
              message,
            }),
          );
          return { id: stored.id, quoteId: quote.id, requestedAt: stored.requestedAt } satisfies RevisionRequestCreated;
        });
        onMailQueued();
        return c.json(created, 201);
      },
    );
}
