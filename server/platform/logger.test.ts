import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { runInRequest } from './request-context';

afterEach(() => vi.restoreAllMocks());

describe('logger', () => {
  it('writes one JSON line with the error code and its cause', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const cause = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    createLogger('info').error('database unavailable', { path: '/api/quotes', err: new Error('Failed to get session', { cause }) });
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'error', msg: 'database unavailable', path: '/api/quotes' });
    expect(entry.err).toMatchObject({ message: 'Failed to get session', cause: { message: 'connection refused', code: 'ECONNREFUSED' } });
  });

  it('stays quiet below its level', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    createLogger('warn').info('not shown');
    expect(write).not.toHaveBeenCalled();
  });

  it('writes the request id in every line written while serving a request', () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const logger = createLogger('info');
    runInRequest({ requestId: 'req-42abcdef' }, () => logger.info('inside', { n: 1 }));
    logger.info('outside');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'inside', requestId: 'req-42abcdef', n: 1 });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('requestId');
  });
});
