import { Hono } from 'hono';
import { getPaymentAttempt, startPayment, type PaymentState } from '../../../contracts/customer/payments';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { requestMeta } from '../../platform/http/request-meta';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { paymentProviderOf } from './provider-of-config';
import { attemptOf, customerInvoice } from './repository';
import { startPayment as start } from './start-payment';

const STATE: Record<string, PaymentState> = { open: 'processing', expired: 'processing', paid: 'received', refused: 'review' };

/** 'Pay now' and the return page's question "has it counted yet?", on the signed-in customer's own invoices only. */
export function paymentCustomerRoutes({ db, config, logger }: Pick<AppDeps, 'db' | 'config' | 'logger'>) {
  return new Hono<AppEnv>()
    .on(startPayment.method, startPayment.path, validate('param', startPayment.params), async (c) => {
      const customer = c.get('customer');
      const meta = requestMeta(c, customer.email, config.trustProxy);
      const locale = customer.locale === 'es' ? 'es' : 'en';
      const answer = await start(
        db,
        meta,
        { invoiceId: c.req.valid('param').id, locale },
        { provider: paymentProviderOf(config), appUrl: config.appUrl, logger },
      );
      return c.json(answer);
    })
    .on(getPaymentAttempt.method, getPaymentAttempt.path, validate('param', getPaymentAttempt.params), async (c) => {
      const { email } = c.get('customer');
      const { id, attempt } = c.req.valid('param');
      const found = await withCustomerScope(db, email, async (trx) =>
        (await customerInvoice(trx, email, id)) ? attemptOf(trx, id, attempt) : undefined,
      );
      if (!found) throw new NotFoundError('Payment not found.');
      return c.json({ state: STATE[found.status] ?? 'processing' });
    });
}
