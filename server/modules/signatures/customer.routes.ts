import { Hono } from 'hono';
import { getSignedQuotePdf, signedQuoteFileName } from '../../../contracts/signatures';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { pdfAnswer } from './pdf-answer';
import { findSignedQuotePdf } from './repository';
import { sealPendingOf } from './seal';

/** 'Download signed PDF' on the customer's quote page: the file of their own approved quote (row-level security). */
export function signatureCustomerRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().on(getSignedQuotePdf.method, getSignedQuotePdf.path, validate('param', getSignedQuotePdf.params), async (c) => {
    const { id } = c.req.valid('param');
    const find = () => withCustomerScope(db, c.get('customer').email, (trx) => findSignedQuotePdf(trx, id));
    // Not sealed yet (decision 269): sealed now, the worker's locked way, then read under row-level security.
    const found = (await find()) ?? ((await sealPendingOf(db, { quoteId: id })) > 0 ? await find() : undefined);
    if (!found) throw new NotFoundError('There is no signed PDF of this quote.');
    return pdfAnswer(c, found.pdf, signedQuoteFileName(id));
  });
}
