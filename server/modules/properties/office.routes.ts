import { Hono, type Context } from 'hono';
import type { Transaction } from 'kysely';
import {
  addOfficeCustomerProperty,
  editOfficeProperty,
  listOfficeCustomerProperties,
  setOfficeQuoteProperty,
  setOfficeWorkOrderProperty,
} from '../../../contracts/office/properties';
import type { OfficeEnv } from '../../auth/office/guard';
import type { AppDeps } from '../../deps';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { requestMeta, type RequestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { addProperty } from './add-property';
import { editProperty } from './edit-property';
import { listProperties } from './list-properties';
import { setQuoteProperty } from './set-quote-property';
import { setWorkOrderProperty } from './set-work-order-property';

/**
 * The office's side of properties: a customer's list, 'Add property' and editing one, the property of
 * a quote and of a work order. Behind requireStaff (server/office-app.ts), as the office's database role.
 */
export function propertyOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const act = <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>, meta: RequestMeta) => Promise<T>) => {
    const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
    return withOfficeScope(db, meta.actor, (trx) => work(trx, meta));
  };
  return new Hono<OfficeEnv>()
    .on(
      listOfficeCustomerProperties.method,
      listOfficeCustomerProperties.path,
      validate('param', listOfficeCustomerProperties.params),
      async (c) => c.json(await act(c, (trx, meta) => listProperties(trx, meta, { customerId: c.req.valid('param').id }))),
    )
    .on(
      addOfficeCustomerProperty.method,
      addOfficeCustomerProperty.path,
      validate('param', addOfficeCustomerProperty.params),
      validate('json', addOfficeCustomerProperty.body),
      async (c) => {
        const input = { customerId: c.req.valid('param').id, property: c.req.valid('json') };
        return c.json(await act(c, (trx, meta) => addProperty(trx, meta, input)), 201);
      },
    )
    .on(
      editOfficeProperty.method,
      editOfficeProperty.path,
      validate('param', editOfficeProperty.params),
      validate('json', editOfficeProperty.body),
      async (c) => {
        const input = { id: c.req.valid('param').id, edit: c.req.valid('json'), office: true };
        return c.json(await act(c, (trx, meta) => editProperty(trx, meta, input)));
      },
    )
    .on(
      setOfficeQuoteProperty.method,
      setOfficeQuoteProperty.path,
      validate('param', setOfficeQuoteProperty.params),
      validate('json', setOfficeQuoteProperty.body),
      async (c) => {
        const input = { id: c.req.valid('param').id, choice: c.req.valid('json') };
        return c.json(await act(c, (trx, meta) => setQuoteProperty(trx, meta, input)));
      },
    )
    .on(
      setOfficeWorkOrderProperty.method,
      setOfficeWorkOrderProperty.path,
      validate('param', setOfficeWorkOrderProperty.params),
      validate('json', setOfficeWorkOrderProperty.body),
      async (c) => {
        const input = { id: c.req.valid('param').id, choice: c.req.valid('json') };
        return c.json(await act(c, (trx, meta) => setWorkOrderProperty(trx, meta, input)));
      },
    );
}
