import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { InvalidInputError, NotFoundError, WrongStateError } from '../../../domain/errors';
import { createLogger } from '../logger';
import { AppError, handleError, isDatabaseUnavailable } from './errors';
import { requestId } from './request-id';

/** What counts as "the database is briefly unavailable" (503) rather than a bug (500). */
describe('isDatabaseUnavailable', () => {
  it('recognises the errors pg raises while PostgreSQL is down or restarting', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('follows wrapped causes, as Better Auth wraps the pg error in "Failed to get session"', () => {
    const pgError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed to get session', { cause: pgError }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('x'), pgError], 'connect failed'))).toBe(true);
  });

  it('leaves real bugs and constraint violations alone', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed to get session'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

/** Every error answer, a business "no" as much as a crash, carries the request id the logs carry. */
describe('handleError', () => {
  const appThrowing = (err: Error) => {
    const app = new Hono();
    app.onError(handleError(createLogger('silent')));
    app.use('*', requestId());
    app.get('/x', () => {
      throw err;
    });
    return app;
  };

  it.each([
    [new WrongStateError('not_cancellable', 'This work order can no longer be cancelled.'), 409],
    [new InvalidInputError('address_required', "The customer's profile has no address: enter the service address.", 'address'), 400],
    [new NotFoundError('Not found.'), 404],
    [new AppError(400, 'invalid_request', 'The request is not valid.'), 400],
  ])('answers %s with its status, code, message and request id', async (err, status) => {
    const res = await appThrowing(err).request('/x', { headers: { 'x-request-id': 'support-ticket-42' } });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({
      error: { code: (err as { code: string }).code, message: err.message, requestId: 'support-ticket-42' },
    });
  });
});
