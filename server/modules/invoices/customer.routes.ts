import { Hono } from 'hono';
import { getBalanceDue as balanceEndpoint, getInvoice, listInvoices } from '../../../contracts/customer/invoices';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { getBalanceDue, getCustomerInvoice, listCustomerInvoices } from './customer-invoices';

/** The signed-in customer's invoices, in their scope (row-level security: their own issued invoices only). */
export function invoiceCustomerRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const tz = config.company.timeZone;
  return (
    new Hono<AppEnv>()
      // Before /api/invoices/:id, which would take 'balance-due' for an id.
      .on(balanceEndpoint.method, balanceEndpoint.path, async (c) => {
        const { email } = c.get('customer');
        return c.json(await withCustomerScope(db, email, (trx) => getBalanceDue(trx, email, tz)));
      })
      .on(listInvoices.method, listInvoices.path, async (c) => {
        const { email } = c.get('customer');
        return c.json(await withCustomerScope(db, email, (trx) => listCustomerInvoices(trx, email, tz)));
      })
      .on(getInvoice.method, getInvoice.path, validate('param', getInvoice.params), async (c) => {
        const { email } = c.get('customer');
        return c.json(await withCustomerScope(db, email, (trx) => getCustomerInvoice(trx, email, c.req.valid('param').id, tz)));
      })
  );
}
