import { Hono, type Context } from 'hono';
import { addCustomer, editCustomer, getCustomerDetail, searchCustomers } from '../../../contracts/office/customers';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { readInOfficeScope, withOfficeScope } from '../../platform/db/office-scope';
import { requestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { afterKey } from '../../platform/http/paging';
import { addCustomer as addNewCustomer } from './add-customer';
import { editCustomer as saveCustomerEdit } from './edit-customer';
import { customerDetail, searchPage, searchQuery } from './repository';

/** /api/office/customers: the Customers screen and the customer page. Owners and staff (behind requireStaff). */
export function customerOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const meta = (c: Context<OfficeEnv>) => requestMeta(c, c.get('staff').email, config.trustProxy);
  return new Hono<OfficeEnv>()
    .on(searchCustomers.method, searchCustomers.path, validate('query', searchCustomers.query), async (c) => {
      const { q, after, limit } = c.req.valid('query');
      const key = afterKey(after, ['string', 'number'] as const);
      // One round trip on PostgreSQL: the office's settings and the search in one message.
      return c.json(searchPage(await readInOfficeScope(db, c.get('staff').email, searchQuery(db, { q, after: key, limit })), limit));
    })
    .on(addCustomer.method, addCustomer.path, validate('json', addCustomer.body), async (c) =>
      c.json(await addNewCustomer(db, meta(c), c.req.valid('json')), 201),
    )
    .on(getCustomerDetail.method, getCustomerDetail.path, validate('param', getCustomerDetail.params), async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await withOfficeScope(db, c.get('staff').email, (trx) => customerDetail(trx, id, config.company.timeZone)));
    })
    .on(editCustomer.method, editCustomer.path, validate('param', editCustomer.params), validate('json', editCustomer.body), async (c) =>
      c.json(await saveCustomerEdit(db, meta(c), { id: c.req.valid('param').id, ...c.req.valid('json') })),
    );
}
