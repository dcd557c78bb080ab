import type { Context } from 'hono';
import { PHOTO_TOO_LARGE_MESSAGE, PHOTO_TOO_SLOW_MESSAGE } from '../../../contracts/customer/photos';
import { InvalidInputError, TooLargeError, TooSlowError } from '../../../domain/errors';
import type { Logger } from '../../platform/logger';
import { BodyTooLargeError, BodyTooSlowError, ClientAbortedError } from './read-body';
import { UploadsBusyError } from './upload-gate';

/**
 * An upload's failure as the customer is told it (a domain error), logged with its context where the
 * office would want to know: a body too slow or broken off by the client is the client's doing, so
 * it is logged as such (issue 21 item 10: an abort was logged as "database unavailable", a 503).
 * Anything else goes on unchanged to the one error handler.
 */
export function explainUploadFailure(err: unknown, email: string, logger: Logger, c: Context): unknown {
  if (err instanceof BodyTooLargeError) return new TooLargeError('photo_too_large', PHOTO_TOO_LARGE_MESSAGE);
  if (err instanceof BodyTooSlowError) {
    logger.info('photo upload too slow: cut off', { email, received: err.received });
    c.header('Connection', 'close');
    return new TooSlowError('photo_too_slow', PHOTO_TOO_SLOW_MESSAGE);
  }
  if (err instanceof ClientAbortedError) {
    logger.info('photo upload aborted by the client', { email, received: err.received, reason: String(err.cause) });
    // Nobody reads this answer (the client is gone); it keeps the request out of the 5xx counts.
    return new InvalidInputError('client_aborted', 'The upload was interrupted before it finished.');
  }
  if (err instanceof UploadsBusyError) {
    logger.warn('photo upload refused: every upload slot busy', { email });
    c.header('Retry-After', String(err.retryAfterSeconds));
  }
  return err;
}
