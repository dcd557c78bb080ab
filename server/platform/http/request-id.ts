import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { runInRequest } from '../request-context';

/** A proxy's id is kept when it looks like one; anything else gets a fresh UUID. */
const ACCEPTED = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id: in the X-Request-Id response header, in every log line written while
 * serving it, and in every error body, so a customer's "it failed" can be found in the logs.
 */
export function requestId() {
  return createMiddleware(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming && ACCEPTED.test(incoming) ? incoming : randomUUID();
    c.header('X-Request-Id', id);
    await runInRequest({ requestId: id }, () => next());
  });
}
