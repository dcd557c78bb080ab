import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { applyServerTimeouts, SERVER_TIMEOUTS } from './server-timeouts';

describe('applyServerTimeouts', () => {
  it('sets header, request and keep-alive limits on a Node server', () => {
    const server = http.createServer();
    applyServerTimeouts(server);
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeout);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(server.maxHeadersCount).toBe(SERVER_TIMEOUTS.maxHeadersCount);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    applyServerTimeouts(server);
    server.keepAliveTimeout = 200; // the same mechanism, shortened for the test
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const closedAfter = await new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('close', () => resolve(Date.now() - started));
      socket.resume();
    });
    expect(closedAfter).toBeLessThan(3000);
    await new Promise((resolve) => server.close(resolve));
  });
});
