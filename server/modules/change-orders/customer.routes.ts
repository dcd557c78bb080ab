import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  approveChangeOrder as approveEndpoint,
  declineChangeOrder as declineEndpoint,
  getQuoteChangeOrders,
  getSignedChangeOrderPdf,
  getWorkOrderChangeOrders,
} from '../../../contracts/customer/change-orders';
import { customerPages } from '../../../contracts/pages';
import { NotFoundError } from '../../../domain/errors';
import { sessionSignInMethod } from '../../auth/sign-in-method';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { requestMeta } from '../../platform/http/request-meta';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { pdfAnswer } from '../signatures/pdf-answer';
import { approveChangeOrder } from './approve-change-order';
import { declineChangeOrder } from './decline-change-order';
import { getContract, getWorkOrderContract } from './get-contract';
import { findSignedChangeOrderPdf } from './repository';
import { sealPendingOf } from '../signatures/seal';
import { sealedContract } from './sealed-view';

/** The signed-in customer's change orders, in their scope (row-level security: their own quotes' sent change orders only). */
export function changeOrderCustomerRoutes({
  db,
  config,
  onMailQueued,
  onSealQueued,
}: Pick<AppDeps, 'db' | 'config' | 'onMailQueued' | 'onSealQueued'>) {
  const deps = { officeEmail: config.company.email, appUrl: config.appUrl };
  const signing = {
    ...deps,
    company: { ...config.company, logoUrl: config.company.logo ?? null },
    paperSize: config.pdfPaperSize,
    timeZone: config.company.timeZone,
    verifyUrl: `${config.appUrl}${customerPages.verify.href()}`,
  };
  return new Hono<AppEnv>()
    .on(getQuoteChangeOrders.method, getQuoteChangeOrders.path, validate('param', getQuoteChangeOrders.params), async (c) => {
      const { email } = c.get('customer');
      const load = () => withCustomerScope(db, email, (trx) => getContract(trx, c.req.valid('param').id, 'customer'));
      const contract = await sealedContract(db, await load(), load);
      if (!contract) throw new NotFoundError('Quote not found.');
      return c.json(contract);
    })
    .on(getWorkOrderChangeOrders.method, getWorkOrderChangeOrders.path, validate('param', getWorkOrderChangeOrders.params), async (c) => {
      const { email } = c.get('customer');
      const load = () => withCustomerScope(db, email, (trx) => getWorkOrderContract(trx, c.req.valid('param').id, 'customer'));
      const contract = await sealedContract(db, await load(), load);
      if (contract === undefined) throw new NotFoundError('Work order not found.');
      return c.json(contract);
    })
    .on(
      approveEndpoint.method,
      approveEndpoint.path,
      validate('param', approveEndpoint.params),
      validate('json', approveEndpoint.body),
      async (c) => {
        const { email, userId } = c.get('customer');
        const body = c.req.valid('json');
        const meta = requestMeta(c, email, config.trustProxy);
        // How this session signed in (password, Google, sign-in link): the certificate states it. The
        // session guard carried it with the session (decision 254): no second session lookup.
        const authMethod = await sessionSignInMethod(db, c.get('customer'));
        const view = await withCustomerScope(db, email, (trx) =>
          approveChangeOrder(
            trx,
            meta,
            {
              id: c.req.valid('param').id,
              signerName: body.signerName,
              contentHash: body.contentHash,
              customerEmail: email,
              signerEmail: c.get('customer').personEmail,
              consent: { version: body.consent.version, locale: body.consent.locale },
              authMethod,
              personId: userId,
            },
            signing,
          ),
        );
        onMailQueued();
        // The signed document is sealed after the commit (decision 269): the worker starts on it now.
        onSealQueued?.();
        return c.json(view, 201);
      },
    )
    .on(getSignedChangeOrderPdf.method, getSignedChangeOrderPdf.path, validate('param', getSignedChangeOrderPdf.params), async (c) => {
      // 'Download signed PDF' on the change order's card: their own change order's file (row-level security).
      const { email } = c.get('customer');
      const { id } = c.req.valid('param');
      const find = () =>
        withCustomerScope(db, email, async (trx) => {
          const file = await findSignedChangeOrderPdf(trx, id);
          return {
            file,
            theirs: file !== undefined || (await sql`SELECT 1 FROM change_orders WHERE id = ${id}`.execute(trx)).rows.length > 0,
          };
        });
      const first = await find();
      // Their change order, not sealed yet (decision 269): sealed now, the worker's locked way, then read under row-level security.
      const found = first.file ?? (first.theirs && (await sealPendingOf(db, { changeOrderId: id })) > 0 ? (await find()).file : undefined);
      if (!found) throw new NotFoundError('There is no signed PDF of this change order.');
      return pdfAnswer(c, found.pdf, found.fileName);
    })
    .on(
      declineEndpoint.method,
      declineEndpoint.path,
      validate('param', declineEndpoint.params),
      validate('json', declineEndpoint.body),
      async (c) => {
        const { email } = c.get('customer');
        const meta = requestMeta(c, email, config.trustProxy);
        const view = await withCustomerScope(db, email, (trx) =>
          declineChangeOrder(
            trx,
            meta,
            { id: c.req.valid('param').id, reason: c.req.valid('json').reason, customerEmail: email, personId: c.get('customer').userId },
            deps,
          ),
        );
        onMailQueued();
        return c.json(view, 201);
      },
    );
}
