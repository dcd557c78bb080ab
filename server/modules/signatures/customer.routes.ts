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
    const { email } = c.get('customer');
    const find = () =>
      withCustomerScope(db, email, async (trx) => {
        const file = await findSignedQuotePdf(trx, id);
        return {
          file,
          theirs: file !== undefined || (await trx.selectFrom('quotes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
        };
      });
    const first = await find();
    // Their quote, not sealed yet (decision 269): sealed now, the worker's locked way, then read under row-level security.
    const found = first.file ?? (first.theirs && (await sealPendingOf(db, { quoteId: id })) > 0 ? (await find()).file : undefined);
    if (!found) throw new NotFoundError('There is no signed PDF of this quote.');
    return pdfAnswer(c, found.pdf, signedQuoteFileName(id));
  });
}
