import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

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
