import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_HOURLY_LIMIT_MESSAGE,
  PHOTO_TOO_SLOW_MESSAGE,
  PHOTO_UPLOAD_BUSY_MESSAGE,
  PHOTO_UPLOAD_IN_PROGRESS_MESSAGE,
} from '../../../contracts/customer/photos';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { createApp } from '../../app';
import { resolveAuthSecret } from '../../auth/secret';
import type { Logger, LogContext } from '../../platform/logger';
import type { UploadBounds } from './upload-gate';

/**
 * Issue 21 item 3: six customers trickling one byte every 20 s held every upload slot for up to
 * 15 minutes. Each test runs the app with short bounds (the real ones are minutes), so an upload too
 * slow is cut off in a fraction of a second, and checks what the customers notice: the seventh
 * customer's photo goes through, a second upload at once is refused, a stalled upload counts.
 */
let portal: TestPortal;
let photo: Buffer;
const logged: { level: string; msg: string; ctx?: LogContext | undefined }[] = [];
const logger: Logger = {
  debug: () => undefined,
  info: (msg, ctx) => logged.push({ level: 'info', msg, ctx }),
  warn: (msg, ctx) => logged.push({ level: 'warn', msg, ctx }),
  error: (msg, ctx) => logged.push({ level: 'error', msg, ctx }),
};

beforeAll(async () => {
  portal = await createTestPortal();
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer();
}, 120_000);
afterAll(() => portal?.close());

/** The portal's app with these upload bounds (short pace checks unless a test says otherwise). */
function appWith(bounds: Partial<UploadBounds>) {
  return createApp({
    config: portal.config,
    db: portal.db,
    auth: portal.runtime.auth,
    secret: resolveAuthSecret(portal.config.authSecret, portal.config.dataDir),
    logger,
    onMailQueued: () => undefined,
    isMailWorkerRunning: () => true,
    photoUploads: { graceMs: 200, checkEveryMs: 25, minBytesPerSecond: 1024, totalMs: 60_000, slotWaitMs: 30_000, ...bounds },
  });
}

let address = 1;
function upload(app: ReturnType<typeof appWith>, cookie: string, body: Uint8Array | ReadableStream<Uint8Array>) {
  return app.request(
    '/api/work-order-photos',
    {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'image/jpeg' },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit,
    { incoming: { socket: { remoteAddress: `10.31.0.${address++ % 250}` } } },
  );
}

/**
 * A body that sends one byte and then nothing (as a client sending a byte every 20 s looks for the
 * first seconds); `reading` resolves once the server has begun to read it, i.e. it holds a slot;
 * `finish()` ends it there (a one-byte body: not an image).
 */
function stalledBody() {
  let begun!: () => void;
  const reading = new Promise<void>((resolve) => (begun = resolve));
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let sent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        begun();
        if (!sent) {
          sent = true;
          controller.enqueue(new Uint8Array([0xff]));
          return;
        }
        // Nothing more until finish(): the pull stays unanswered, as a silent socket does.
        await finished;
        controller.close();
      },
      // No read ahead: the first pull is the server's first read, not the stream's own filling.
    },
    { highWaterMark: 0 },
  );
  return { body, reading, finish };
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('photo upload bounds', () => {
  it("six customers' stalled uploads are cut off (408, a message), and a seventh customer's photo goes through", async () => {
    const app = appWith({ slots: 6 });
    const cookies = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => portal.signUp(`slow${n}@example.com`)));
    const stalled = cookies.slice(0, 6).map((cookie) => {
      const { body, reading } = stalledBody();
      return { reading, response: upload(app, cookie, body) };
    });
    await Promise.all(stalled.map((s) => s.reading)); // all six slots are held now
    const seventh = await upload(app, cookies[6]!, photo);
    expect(seventh.status, await seventh.clone().text()).toBe(201);
    for (const { response } of stalled) {
      const res = await response;
      expect(res.status).toBe(408);
      expect(await errorOf(res)).toEqual({ code: 'photo_too_slow', message: PHOTO_TOO_SLOW_MESSAGE, requestId: expect.any(String) });
    }
    expect(logged.filter((l) => l.msg === 'photo upload too slow: cut off')).toHaveLength(6);
  });

  it('an upload waits for a slot a bounded time, then is refused with 503, Retry-After and a message', async () => {
    const app = appWith({ slots: 1, slotWaitMs: 100, graceMs: 60_000 });
    const [holder, waiter] = await Promise.all([portal.signUp('holder@example.com'), portal.signUp('waiter@example.com')]);
    const { body, reading, finish } = stalledBody();
    const held = upload(app, holder, body);
    await reading;
    const refused = await upload(app, waiter, photo);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('15');
    expect(await errorOf(refused)).toMatchObject({ code: 'photo_uploads_busy', message: PHOTO_UPLOAD_BUSY_MESSAGE });
    finish();
    expect((await held).status).toBe(415);
  });

  it("a customer's second upload while the first still arrives is refused at once (429), and goes through after it", async () => {
    const app = appWith({ slots: 6, graceMs: 60_000, totalMs: 60_000 });
    const cookie = await portal.signUp('twice@example.com');
    const { body, reading, finish } = stalledBody();
    const first = upload(app, cookie, body);
    await reading;
    const second = await upload(app, cookie, photo);
    expect(second.status).toBe(429);
    expect(await errorOf(second)).toMatchObject({ code: 'photo_upload_in_progress', message: PHOTO_UPLOAD_IN_PROGRESS_MESSAGE });
    // Another customer is not held back by it.
    expect((await upload(app, await portal.signUp('other@example.com'), photo)).status).toBe(201);
    finish();
    expect((await first).status).toBe(415);
    expect((await upload(app, cookie, photo)).status).toBe(201);
  });

  it('a stalled upload counts against the hourly allowance as it starts', async () => {
    const app = appWith({ perHour: 3 });
    const cookie = await portal.signUp('stalls@example.com');
    for (let i = 0; i < 3; i++) {
      const { body } = stalledBody();
      expect((await upload(app, cookie, body)).status).toBe(408);
    }
    const res = await upload(app, cookie, photo);
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toMatchObject({ code: 'too_many_requests', message: PHOTO_HOURLY_LIMIT_MESSAGE });
  });

  it('an upload the client breaks off is logged as a client abort, not as "database unavailable"', async () => {
    const app = appWith({});
    const cookie = await portal.signUp('aborts@example.com');
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0xff, 0xd8]));
        // What @hono/node-server's body stream raises when the browser's connection closes mid-body.
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    logged.length = 0;
    const res = await upload(app, cookie, broken);
    expect(res.status).toBeLessThan(500);
    expect(logged.map((l) => l.msg)).toContain('photo upload aborted by the client');
    expect(logged.map((l) => l.msg)).not.toContain('database unavailable');
  });
});
