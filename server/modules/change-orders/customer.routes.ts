import { Hono } from 'hono';
import {
  approveChangeOrder as approveEndpoint,
  declineChangeOrder as declineEndpoint,
  getQuoteChangeOrders,
  getWorkOrderChangeOrders,
} from '../../../contracts/customer/change-orders';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { requestMeta } from '../../platform/http/request-meta';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { approveChangeOrder } from './approve-change-order';
import { declineChangeOrder } from './decline-change-order';
import { getContract, getWorkOrderContract } from './get-contract';

/** The signed-in customer's change orders, in their scope (row-level security: their own quotes' sent change orders only). */
export function changeOrderCustomerRoutes({ db, config, onMailQueued }: Pick<AppDeps, 'db' | 'config' | 'onMailQueued'>) {
  const deps = { officeEmail: config.company.email, appUrl: config.appUrl };
  return new Hono<AppEnv>()
    .on(getQuoteChangeOrders.method, getQuoteChangeOrders.path, validate('param', getQuoteChangeOrders.params), async (c) => {
      const { email } = c.get('customer');
      const contract = await withCustomerScope(db, email, (trx) => getContract(trx, c.req.valid('param').id, 'customer'));
      if (!contract) throw new NotFoundError('Quote not found.');
      return c.json(contract);
    })
    .on(getWorkOrderChangeOrders.method, getWorkOrderChangeOrders.path, validate('param', getWorkOrderChangeOrders.params), async (c) => {
      const { email } = c.get('customer');
      const contract = await withCustomerScope(db, email, (trx) => getWorkOrderContract(trx, c.req.valid('param').id, 'customer'));
      if (contract === undefined) throw new NotFoundError('Work order not found.');
      return c.json(contract);
    })
    .on(
      approveEndpoint.method,
      approveEndpoint.path,
      validate('param', approveEndpoint.params),
      validate('json', approveEndpoint.body),
      async (c) => {
        const { email } = c.get('customer');
        const body = c.req.valid('json');
        const meta = requestMeta(c, email, config.trustProxy);
        const view = await withCustomerScope(db, email, (trx) =>
          approveChangeOrder(
            trx,
            meta,
            { id: c.req.valid('param').id, signerName: body.signerName, contentHash: body.contentHash, customerEmail: email },
            deps,
          ),
        );
        onMailQueued();
        return c.json(view, 201);
      },
    )
    .on(
      declineEndpoint.method,
      declineEndpoint.path,
      validate('param', declineEndpoint.params),
      validate('json', declineEndpoint.body),
      async (c) => {
        const { email } = c.get('customer');
        const meta = requestMeta(c, email, config.trustProxy);
        const view = await withCustomerScope(db, email, (trx) =>
          declineChangeOrder(trx, meta, { id: c.req.valid('param').id, reason: c.req.valid('json').reason, customerEmail: email }, deps),
        );
        onMailQueued();
        return c.json(view, 201);
      },
    );
}
