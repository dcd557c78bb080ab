import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SIGNED_PDF_MAX_BYTES, verifySignedDocument as verifyEndpoint } from '../../../contracts/signatures';
import { InvalidInputError, TooLargeError } from '../../../domain/errors';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../platform/http/client-ip';
import { verifySignedDocument } from './verify-document';
import { countVerifyCall } from './verify-limit';

/**
 * POST /api/verify, public (contract-spec §1): a multipart form with the code and the PDF. Its own
 * body limit (server/app.ts exempts this path from the API's 64 kB), counted per address before the
 * body is read.
 */
export function signaturePublicRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono().on(
    verifyEndpoint.method,
    verifyEndpoint.path,
    async (c, next) => {
      await countVerifyCall(db, clientAddress(c, config.trustProxy) ?? 'unknown');
      await next();
    },
    bodyLimit({
      maxSize: SIGNED_PDF_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new TooLargeError('too_large', 'The file is too large.');
      },
    }),
    async (c) => {
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new InvalidInputError('invalid_request', 'Send the code and the file as a form.');
      }
      const { code, file } = form;
      if (typeof code !== 'string' || !code.trim())
        throw new InvalidInputError('invalid_request', 'Please enter the verification code.', 'code');
      if (!(file instanceof File) || file.size === 0) throw new InvalidInputError('invalid_request', 'Please choose the PDF file.', 'file');
      const answer = await verifySignedDocument(db, { code, file: new Uint8Array(await file.arrayBuffer()) });
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    },
  );
}
