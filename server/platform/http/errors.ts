import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../../contracts/errors';
import { DomainError, type DomainErrorKind } from '../../../domain/errors';
import type { Logger } from '../logger';
import { currentRequest } from '../request-context';

/** A failure we expect and can explain to the caller: status, stable code, clear message. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The one table from a business "no" to an HTTP status; the error keeps its own code and message. */
const DOMAIN_STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  too_slow: 408,
  wrong_state: 409,
  too_large: 413,
  unsupported_type: 415,
  unusable_input: 422,
  limit_reached: 429,
  busy: 503,
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // PostgreSQL: admin/crash shutdown, cannot connect now, connection exceptions.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Errors a database driver raises when the server is unreachable or restarting. Libraries wrap
 * them (Better Auth's getSession throws "Failed to get session" with the pg error as its cause;
 * Node's connect gives an AggregateError per address), so the causes are followed too.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** One place maps every error to a JSON body; 5xx details stay in the log, never in the response. */
export function handleError(logger: Logger) {
  return (err: Error, c: Context) => {
    const requestId = currentRequest()?.requestId;
    const body = (code: string, message: string) => ({ error: { code, message, ...(requestId ? { requestId } : {}) } });
    if (err instanceof AppError) {
      return c.json(body(err.code, err.message), err.status);
    }
    if (err instanceof DomainError) {
      return c.json(body(err.code, err.message), DOMAIN_STATUS[err.kind]);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 413 ? 'The request is too large.' : err.message || 'Bad request.';
      return c.json(body(`http_${status}`, message), status);
    }
    if (isDatabaseUnavailable(err)) {
      logger.error('database unavailable', { method: c.req.method, path: c.req.path, err });
      c.header('Retry-After', '5');
      return c.json(body('unavailable', 'The service is briefly unavailable. Please try again in a moment.'), 503);
    }
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, err });
    return c.json(body('internal', 'Something went wrong on our side. Please try again.'), 500);
  };
}
