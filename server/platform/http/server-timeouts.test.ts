import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerTimeouts, requestSocket, SERVER_TIMEOUTS, suspendIdleTimeout, type ServerTimeouts } from './server-timeouts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The production limits shrunk so each test takes a second or two: the mechanism is the same. */
const FAST: ServerTimeouts = {
  headersTimeout: 1_000,
  idleTimeout: 300,
  requestTimeout: 20_000,
  keepAliveTimeout: 2_000,
  maxHeadersCount: 100,
};

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server that counts the body's bytes and answers with the count (optionally waiting first, as an upload waits for its slot). */
async function bodyCounter(limits: ServerTimeouts, opts: { waitBeforeReading?: number; suspendWhileWaiting?: boolean } = {}) {
  const server = http.createServer(async (req, res) => {
    if (opts.waitBeforeReading) {
      const arm = opts.suspendWhileWaiting ? suspendIdleTimeout(requestSocket({ incoming: req })) : () => undefined;
      req.pause();
      await sleep(opts.waitBeforeReading);
      arm();
    }
    let bytes = 0;
    try {
      for await (const chunk of req) bytes += (chunk as Buffer).byteLength;
    } catch {
      return; // cut by the server: the client sees the socket close
    }
    res.end(String(bytes));
  });
  applyServerTimeouts(server, limits);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Sends a body of `chunks` × 1 kB with `gapMs` between chunks; resolves with the answer, or 'cut' when the server closed first. */
function trickle(port: number, chunks: number, gapMs: (i: number) => number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer ? (answer.split('\r\n\r\n')[1] ?? '') : 'cut'));
    void (async () => {
      socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${chunks * 1024}\r\nConnection: close\r\n\r\n`);
      for (let i = 0; i < chunks; i++) {
        await sleep(gapMs(i));
        if (socket.destroyed) return;
        socket.write(Buffer.alloc(1024, 1));
      }
    })();
  });
}

describe('applyServerTimeouts', () => {
  it('sets the header, request, idle and keep-alive limits on a Node server', async () => {
    const server = http.createServer((req, res) => res.end(String((req.socket as net.Socket).timeout)));
    applyServerTimeouts(server);
    servers.push(server);
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeout);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(server.maxHeadersCount).toBe(SERVER_TIMEOUTS.maxHeadersCount);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
    expect(await res.text()).toBe(String(SERVER_TIMEOUTS.idleTimeout));
  });

  it('gives a 10 MB photo on a slow phone uplink (0.5 Mbit/s) and its wait for an upload slot the time it needs', () => {
    const tenMegabytesAtHalfAMegabit = ((10 * 1024 * 1024 * 8) / 500_000) * 1000; // about 168 s
    expect(SERVER_TIMEOUTS.requestTimeout).toBeGreaterThan(tenMegabytesAtHalfAMegabit * 2);
    // A stalled client is still cut within a minute, and headers keep their short limit.
    expect(SERVER_TIMEOUTS.idleTimeout).toBeLessThanOrEqual(60_000);
    expect(SERVER_TIMEOUTS.headersTimeout).toBe(15_000);
  });

  it('lets a slow but steady body run many times longer than the idle limit', async () => {
    const port = await bodyCounter(FAST);
    const started = Date.now();
    // 16 kB at one kB every 100 ms: 1.6 s in all, more than five idle limits, never silent 300 ms.
    expect(await trickle(port, 16, () => 100)).toBe(String(16 * 1024));
    expect(Date.now() - started).toBeGreaterThan(5 * FAST.idleTimeout);
  });

  it('cuts a body that stalls, long before the request limit', async () => {
    const port = await bodyCounter(FAST);
    const started = Date.now();
    expect(await trickle(port, 8, (i) => (i === 3 ? 5_000 : 50))).toBe('cut');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('cuts a stall on the second request of a keep-alive connection too', async () => {
    const port = await bodyCounter(FAST);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok');
    await sleep(100);
    expect(received).toContain('\r\n\r\n2');
    const started = Date.now();
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhalf');
    const closedAfter = await new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    expect(closedAfter).toBeLessThan(1_500);
  });

  it('does not count the time the server itself makes an upload wait (a queued upload is not cut)', async () => {
    const waits = await bodyCounter(FAST, { waitBeforeReading: 1_000, suspendWhileWaiting: true });
    expect(await trickle(waits, 4, () => 20)).toBe(String(4 * 1024));
    // The same wait without suspending the idle limit cuts the upload: the suspension is what saves it.
    const cuts = await bodyCounter(FAST, { waitBeforeReading: 1_000, suspendWhileWaiting: false });
    expect(await trickle(cuts, 4, () => 20)).toBe('cut');
  });

  it('does not cut a slow answer once the whole request has arrived (a report or backup taking longer than the idle limit)', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.end('done'), 1_000));
    });
    applyServerTimeouts(server, FAST);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('done');
    expect(await (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x'.repeat(2048) })).text()).toBe('done');
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    applyServerTimeouts(server, { ...SERVER_TIMEOUTS, keepAliveTimeout: 200 });
    servers.push(server);
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
  });
});
