import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

const TOKEN = 'scrape-token-0123456789';
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal({ METRICS_TOKEN: TOKEN });
});
afterAll(() => portal?.close());

describe('/api/ready', () => {
  it('is ready when the database answers, every migration ran and the mail worker polls', async () => {
    const res = await portal.request('/api/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, mailWorker: true } });
  });

  it('is not ready (503) once the mail worker has stopped', async () => {
    const other = await createTestPortal();
    await other.runtime.mail.stop();
    const res = await other.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not_ready', checks: { mailWorker: false } });
    await other.close();
  });
});

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await portal.request('/metrics')).status).toBe(404);
    expect((await portal.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(404);
    const none = await createTestPortal();
    expect((await none.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    await none.close();
  });

  it('counts requests by route pattern, times them, and reports the outbox', async () => {
    const cookie = await portal.signUp('metrics@example.com');
    await portal.request('/api/work-orders/12345/cancel', { cookie, body: {} });
    await portal.request('/api/quotes', { cookie });
    const res = await portal.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/quotes",status="200"\} 1/);
    expect(text).toMatch(/portal_http_requests_total\{method="POST",route="\/api\/work-orders\/:id\/cancel",status="404"\} 1/);
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0.5",method="GET",route="\/api\/quotes"\} 1/);
    expect(text).toMatch(/portal_mail_outbox_backlog \d+/);
    expect(text).toMatch(/portal_mail_outbox_oldest_unsent_seconds [\d.e+-]+/);
    expect(text).not.toContain('metrics@example.com');
  });
});

describe('request ids', () => {
  it('are in every response header and error body, and a proxy id is kept', async () => {
    const res = await portal.request('/api/quotes');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthenticated', requestId: id } });
    const kept = await portal.request('/api/health', { headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234abcd');
    const replaced = await portal.request('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});
