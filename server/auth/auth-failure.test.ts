import { describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import { explainAuthFailure } from './auth-failure';

const logger = createLogger('silent');
const context = { method: 'POST', path: '/api/auth/sign-in/email' };
const down = async () => {
  throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
};
const up = async () => {};

describe('explainAuthFailure', () => {
  it('turns a sign-in 500 during a database outage into the 503 with a clear message', async () => {
    const res = await explainAuthFailure(new Response('{}', { status: 500 }), context, down, logger);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
    });
  });

  it('passes other answers on unchanged', async () => {
    const ok = new Response('{}', { status: 401 });
    expect(await explainAuthFailure(ok, context, down, logger)).toBe(ok);
    const other = new Response('{}', { status: 500 });
    expect(await explainAuthFailure(other, context, up, logger)).toBe(other);
  });
});
