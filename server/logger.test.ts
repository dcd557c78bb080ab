import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { runInRequest } from './request-context';

afterEach(() => vi.restoreAllMocks());

describe('logger', () => {
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
