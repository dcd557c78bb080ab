import { Hono, type Context } from 'hono';
import type { Transaction } from 'kysely';
import {
  createOfficeChangeOrder,
  createOfficeWorkOrderChangeOrder,
  getOfficeChangeOrder as getEndpoint,
  getOfficeQuoteChangeOrders,
  getOfficeSignedChangeOrderPdf,
  getOfficeWorkOrderChangeOrders,
  saveOfficeChangeOrderDraft,
  sendOfficeChangeOrder,
} from '../../../contracts/office/change-orders';
import { NotFoundError } from '../../../domain/errors';
import type { OfficeEnv } from '../../auth/office/guard';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { requestMeta, type RequestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { pdfAnswer } from '../signatures/pdf-answer';
import { createChangeOrder } from './create-change-order';
import { getContract, getOfficeChangeOrder, getWorkOrderContract } from './get-contract';
import { findSignedChangeOrderPdf } from './repository';
import { sealPendingOf } from '../signatures/seal';
import { isUnsealed, sealedContract } from './sealed-view';
import { saveChangeOrderDraft } from './save-change-order-draft';
import { sendChangeOrder } from './send-change-order';

/** /api/office/…/change-orders: the office's change orders, each action in one transaction as portal_office with its audit row. */
export function changeOrderOfficeRoutes({ db, config, secret, onMailQueued }: Pick<AppDeps, 'db' | 'config' | 'secret' | 'onMailQueued'>) {
  const act = async <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>, meta: RequestMeta) => Promise<T>) => {
    const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
    return withOfficeScope(db, meta.actor, (trx) => work(trx, meta));
  };
  const read = <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>) => Promise<T>) =>
    withOfficeScope(db, c.get('staff').email, work);
  const answer = async (c: Context<OfficeEnv>, id: number, status: 200 | 201 = 200) => {
    const load = () => read(c, (trx) => getOfficeChangeOrder(trx, id));
    const order = await load();
    // Approved and not sealed yet (decision 269): sealed now, so the page offers its signed PDF at once.
    if (!isUnsealed(order.changeOrder)) return c.json(order, status);
    return c.json((await sealPendingOf(db, { changeOrderId: id })) > 0 ? await load() : order, status);
  };

  return new Hono<OfficeEnv>()
    .on(
      getOfficeQuoteChangeOrders.method,
      getOfficeQuoteChangeOrders.path,
      validate('param', getOfficeQuoteChangeOrders.params),
      async (c) => {
        const load = () => read(c, (trx) => getContract(trx, c.req.valid('param').id, 'office'));
        const contract = await sealedContract(db, await load(), load);
        if (!contract) throw new NotFoundError('Quote not found.');
        return c.json(contract);
      },
    )
    .on(
      getOfficeWorkOrderChangeOrders.method,
      getOfficeWorkOrderChangeOrders.path,
      validate('param', getOfficeWorkOrderChangeOrders.params),
      async (c) => {
        const load = () => read(c, (trx) => getWorkOrderContract(trx, c.req.valid('param').id, 'office'));
        const contract = await sealedContract(db, await load(), load);
        if (contract === undefined) throw new NotFoundError('Work order not found.');
        return c.json(contract);
      },
    )
    .on(createOfficeChangeOrder.method, createOfficeChangeOrder.path, validate('param', createOfficeChangeOrder.params), async (c) => {
      const { id, created } = await act(c, (trx, meta) => createChangeOrder(trx, meta, { quoteId: c.req.valid('param').id }));
      return c.json({ id }, created ? 201 : 200);
    })
    .on(
      createOfficeWorkOrderChangeOrder.method,
      createOfficeWorkOrderChangeOrder.path,
      validate('param', createOfficeWorkOrderChangeOrder.params),
      async (c) => {
        const { id, created } = await act(c, (trx, meta) => createChangeOrder(trx, meta, { workOrderId: c.req.valid('param').id }));
        return c.json({ id }, created ? 201 : 200);
      },
    )
    .on(getEndpoint.method, getEndpoint.path, validate('param', getEndpoint.params), async (c) => answer(c, c.req.valid('param').id))
    .on(
      saveOfficeChangeOrderDraft.method,
      saveOfficeChangeOrderDraft.path,
      validate('param', saveOfficeChangeOrderDraft.params),
      validate('json', saveOfficeChangeOrderDraft.body),
      async (c) => {
        const { id } = c.req.valid('param');
        await act(c, (trx, meta) => saveChangeOrderDraft(trx, meta, { id, draft: c.req.valid('json') }));
        return answer(c, id);
      },
    )
    .on(sendOfficeChangeOrder.method, sendOfficeChangeOrder.path, validate('param', sendOfficeChangeOrder.params), async (c) => {
      const { id } = c.req.valid('param');
      await act(c, (trx, meta) => sendChangeOrder(trx, meta, { id }, { config, secret }));
      onMailQueued();
      return answer(c, id);
    })
    .on(
      getOfficeSignedChangeOrderPdf.method,
      getOfficeSignedChangeOrderPdf.path,
      validate('param', getOfficeSignedChangeOrderPdf.params),
      async (c) => {
        // 'Download signed PDF' on the office's change order page; each download is kept in the audit log.
        const { id } = c.req.valid('param');
        const download = () =>
          act(c, async (trx, meta) => {
            const file = await findSignedChangeOrderPdf(trx, id);
            if (file) {
              await audit(trx, {
                actor: meta.actor,
                action: 'download-signed-pdf',
                entity: 'change-order',
                entityId: id,
                after: { quoteId: file.quoteId, number: file.number },
                ip: meta.ip,
              });
            }
            return file;
          });
        // Not sealed yet (decision 269): sealed now, the worker's locked way, then read (and audited).
        const found = (await download()) ?? ((await sealPendingOf(db, { changeOrderId: id })) > 0 ? await download() : undefined);
        if (!found) throw new NotFoundError('There is no signed PDF of this change order.');
        return pdfAnswer(c, found.pdf, found.fileName);
      },
    );
}
