import { Hono } from 'hono';
import { addProperty, editProperty, listProperties, removeProperty } from '../../../contracts/customer/properties';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { requestMeta } from '../../platform/http/request-meta';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { addProperty as add } from './add-property';
import { editProperty as edit } from './edit-property';
import { listProperties as list } from './list-properties';
import { removeProperty as remove } from './remove-property';

/** The signed-in customer's properties (the Profile's 'Properties': list, add, edit, remove), each under row-level security as that customer. */
export function propertyCustomerRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const meta = (c: Parameters<typeof requestMeta>[0], email: string) => requestMeta(c, email, config.trustProxy);
  return new Hono<AppEnv>()
    .on(listProperties.method, listProperties.path, async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => list(trx, meta(c, email), {})));
    })
    .on(addProperty.method, addProperty.path, validate('json', addProperty.body), async (c) => {
      const { email } = c.get('customer');
      const property = await withCustomerScope(db, email, (trx) => add(trx, meta(c, email), { property: c.req.valid('json') }));
      return c.json(property, 201);
    })
    .on(editProperty.method, editProperty.path, validate('param', editProperty.params), validate('json', editProperty.body), async (c) => {
      const { email } = c.get('customer');
      const input = { id: c.req.valid('param').id, edit: c.req.valid('json') };
      return c.json(await withCustomerScope(db, email, (trx) => edit(trx, meta(c, email), input)));
    })
    .on(removeProperty.method, removeProperty.path, validate('param', removeProperty.params), async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => remove(trx, meta(c, email), { id: c.req.valid('param').id })));
    });
}
