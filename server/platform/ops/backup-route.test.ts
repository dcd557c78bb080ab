import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { backupRoute } from './backup-route';

/** Who may take the running server's backup: this machine's command, with the token, not through a proxy. */
const fakeDatabase = { dumpDataDir: async () => new Blob([Uint8Array.from([0x1f, 0x8b])]) } as unknown as PGlite;
const route = backupRoute(fakeDatabase, 'token-from-data-dir');
const call = (headers: Record<string, string>, peer = '127.0.0.1') =>
  route.request('/api/ops/backup', { method: 'POST', headers }, { incoming: { socket: { remoteAddress: peer } } });
const withToken = { authorization: 'Bearer token-from-data-dir' };

describe('POST /api/ops/backup', () => {
  it('answers the dump to a loopback peer with the token', async () => {
    const res = await call(withToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
  });

  it('is not found for another peer, a wrong token, or a request a proxy forwarded', async () => {
    expect((await call(withToken, '192.0.2.7')).status).toBe(404);
    expect((await call({ authorization: 'Bearer token-from-data-dir-x' })).status).toBe(404);
    expect((await call({ ...withToken, 'x-forwarded-for': '198.51.100.9' })).status).toBe(404);
    expect((await call({ ...withToken, forwarded: 'for=198.51.100.9' })).status).toBe(404);
  });
});
