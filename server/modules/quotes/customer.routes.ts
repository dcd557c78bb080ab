import { Hono } from 'hono';
import { listQuotes, requestQuoteRevision } from '../../../contracts/customer/quotes';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { listForCustomer } from './repository';
import { requestRevision } from './request-revision';

/**
 * The signed-in customer's quotes and their revision requests. Every record is reached through the
 * session's e-mail, under row-level security as that customer.
 */
export function quoteCustomerRoutes({
  db,
  config,
  onMailQueued,
  limits = HOURLY_LIMITS,
}: Pick<AppDeps, 'db' | 'config' | 'onMailQueued' | 'limits'>) {
  return new Hono<AppEnv>()
    .on(listQuotes.method, listQuotes.path, async (c) => {
      const { email } = c.get('customer');
      const quotes = await withCustomerScope(db, email, (trx) => listForCustomer(trx, email));
      return c.json({ quotes });
    })
    .on(
      requestQuoteRevision.method,
      requestQuoteRevision.path,
      validate('param', requestQuoteRevision.params),
      validate('json', requestQuoteRevision.body),
      async (c) => {
        const customer = c.get('customer');
        const input = {
          quoteId: c.req.valid('param').id,
          message: c.req.valid('json').message,
          customer,
          officeEmail: config.company.email,
          limits,
        };
        const created = await withCustomerScope(db, customer.email, (trx) => requestRevision(trx, input));
        onMailQueued();
        return c.json(created, 201);
      },
    );
}
