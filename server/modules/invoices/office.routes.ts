import { Hono, type Context } from 'hono';
import type { Transaction } from 'kysely';
import {
  createOfficeInvoice,
  discardOfficeInvoice,
  getOfficeInvoice as getEndpoint,
  getOfficeWorkOrderInvoices,
  listOfficeInvoices as listEndpoint,
  recordOfficePayment,
  recordOfficeRefund,
  sendOfficeInvoice,
  voidOfficeInvoice,
} from '../../../contracts/office/invoices';
import type { OfficeEnv } from '../../auth/office/guard';
import type { AppDeps } from '../../deps';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { requestMeta, type RequestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { createInvoice } from './create-invoice';
import { getOfficeInvoice } from './get-office-invoice';
import { getWorkOrderInvoicing, listOfficeInvoices } from './list-office-invoices';
import { recordPayment } from './record-payment';
import { recordRefund } from './record-refund';
import { sendInvoice } from './send-invoice';
import { discardInvoice, voidInvoice } from './void-invoice';

/** /api/office/invoices…: the office's invoices, each action in one transaction as portal_office with its audit row. */
export function invoiceOfficeRoutes({ db, config, onMailQueued }: Pick<AppDeps, 'db' | 'config' | 'onMailQueued'>) {
  const tz = config.company.timeZone;
  const act = async <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>, meta: RequestMeta) => Promise<T>) => {
    const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
    return withOfficeScope(db, meta.actor, (trx) => work(trx, meta));
  };
  const read = <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>) => Promise<T>) =>
    withOfficeScope(db, c.get('staff').email, work);
  const answer = async (c: Context<OfficeEnv>, id: number, status: 200 | 201 = 200) =>
    c.json(await read(c, (trx) => getOfficeInvoice(trx, id, tz)), status);

  return new Hono<OfficeEnv>()
    .on(listEndpoint.method, listEndpoint.path, validate('query', listEndpoint.query), async (c) =>
      c.json(await read(c, (trx) => listOfficeInvoices(trx, c.req.valid('query'), tz))),
    )
    .on(getEndpoint.method, getEndpoint.path, validate('param', getEndpoint.params), (c) => answer(c, c.req.valid('param').id))
    .on(
      getOfficeWorkOrderInvoices.method,
      getOfficeWorkOrderInvoices.path,
      validate('param', getOfficeWorkOrderInvoices.params),
      async (c) => c.json(await read(c, (trx) => getWorkOrderInvoicing(trx, c.req.valid('param').id, tz))),
    )
    .on(
      createOfficeInvoice.method,
      createOfficeInvoice.path,
      validate('param', createOfficeInvoice.params),
      validate('json', createOfficeInvoice.body),
      async (c) => {
        const id = await act(c, (trx, meta) =>
          createInvoice(trx, meta, { workOrderId: c.req.valid('param').id, body: c.req.valid('json') }),
        );
        return answer(c, id, 201);
      },
    )
    .on(sendOfficeInvoice.method, sendOfficeInvoice.path, validate('param', sendOfficeInvoice.params), async (c) => {
      const { id } = c.req.valid('param');
      await act(c, (trx, meta) => sendInvoice(trx, meta, { id }, { config }));
      onMailQueued();
      return answer(c, id);
    })
    .on(discardOfficeInvoice.method, discardOfficeInvoice.path, validate('param', discardOfficeInvoice.params), async (c) => {
      const { id } = c.req.valid('param');
      await act(c, (trx, meta) => discardInvoice(trx, meta, { id }, tz));
      return c.json({ id });
    })
    .on(
      voidOfficeInvoice.method,
      voidOfficeInvoice.path,
      validate('param', voidOfficeInvoice.params),
      validate('json', voidOfficeInvoice.body),
      async (c) => {
        const { id } = c.req.valid('param');
        await act(c, (trx, meta) => voidInvoice(trx, meta, { id, reason: c.req.valid('json').reason }, { config }));
        onMailQueued();
        return answer(c, id);
      },
    )
    .on(
      recordOfficePayment.method,
      recordOfficePayment.path,
      validate('param', recordOfficePayment.params),
      validate('json', recordOfficePayment.body),
      async (c) => {
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        await act(c, (trx, meta) =>
          recordPayment(
            trx,
            meta,
            { invoiceId: id, amount: body.amount, method: body.method, reference: body.reference, receivedAt: body.receivedOn },
            { config },
          ),
        );
        onMailQueued();
        return answer(c, id);
      },
    )
    .on(
      recordOfficeRefund.method,
      recordOfficeRefund.path,
      validate('param', recordOfficeRefund.params),
      validate('json', recordOfficeRefund.body),
      async (c) => {
        const { id } = c.req.valid('param');
        await act(c, (trx, meta) => recordRefund(trx, meta, { invoiceId: id, ...c.req.valid('json') }, { config }));
        onMailQueued();
        return answer(c, id);
      },
    );
}
