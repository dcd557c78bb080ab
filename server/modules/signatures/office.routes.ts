import { Hono } from 'hono';
import { getOfficeSignedQuotePdf, signedQuoteFileName } from '../../../contracts/signatures';
import { NotFoundError } from '../../../domain/errors';
import type { OfficeEnv } from '../../auth/office/guard';
import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { withOfficeScope } from '../../platform/db/office-scope';
import { requestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { pdfAnswer } from './pdf-answer';
import { findSignedQuotePdf } from './repository';
import { sealPendingOf } from './seal';

/** 'Download signed PDF' on the office's quote page; each download is kept in the audit log. */
export function signatureOfficeRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono<OfficeEnv>().on(
    getOfficeSignedQuotePdf.method,
    getOfficeSignedQuotePdf.path,
    validate('param', getOfficeSignedQuotePdf.params),
    async (c) => {
      const { id } = c.req.valid('param');
      const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
      const download = () =>
        withOfficeScope(db, meta.actor, async (trx) => {
          const file = await findSignedQuotePdf(trx, id);
          if (file) {
            await audit(trx, {
              actor: meta.actor,
              action: 'download-signed-pdf',
              entity: 'quote',
              entityId: id,
              after: { version: file.version },
              ip: meta.ip,
            });
          }
          return file;
        });
      // Not sealed yet (decision 269): sealed now, the worker's locked way, then read (and audited).
      const found = (await download()) ?? ((await sealPendingOf(db, { quoteId: id })) > 0 ? await download() : undefined);
      if (!found) throw new NotFoundError('There is no signed PDF of this quote.');
      return pdfAnswer(c, found.pdf, signedQuoteFileName(id));
    },
  );
}
