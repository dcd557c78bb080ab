import { Hono, type Context } from 'hono';
import { addCustomer, editCustomer, getCustomerDetail, searchCustomers } from '../../../contracts/office/customers';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import { clientAddress } from '../../platform/http/client-ip';
import { validate } from '../../platform/http/validate';
import { afterKey } from '../../platform/http/paging';
import * as operations from './operations';
import { customerDetail, searchCustomers as search } from './repository';

/** /api/office/customers: the Customers screen and the customer page. Owners and staff (behind requireStaff). */
export function customerOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const actor = (c: Context<OfficeEnv>) => ({ email: c.get('staff').email, ip: clientAddress(c, config.trustProxy) });
  return new Hono<OfficeEnv>()
    .on(searchCustomers.method, searchCustomers.path, validate('query', searchCustomers.query), async (c) => {
      const { q, after, limit } = c.req.valid('query');
      const key = afterKey(after, ['string', 'number'] as const);
      return c.json(await withOfficeScope(db, c.get('staff').email, (trx) => search(trx, { q, after: key, limit })));
    })
    .on(addCustomer.method, addCustomer.path, validate('json', addCustomer.body), async (c) =>
      c.json(await operations.addCustomer(db, actor(c), c.req.valid('json')), 201),
    )
    .on(getCustomerDetail.method, getCustomerDetail.path, validate('param', getCustomerDetail.params), async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await withOfficeScope(db, c.get('staff').email, (trx) => customerDetail(trx, id, config.company.timeZone)));
    })
    .on(editCustomer.method, editCustomer.path, validate('param', editCustomer.params), validate('json', editCustomer.body), async (c) =>
      c.json(await operations.editCustomer(db, actor(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
