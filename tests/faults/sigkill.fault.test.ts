import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../server/platform/db/connection';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { call, waitFor } from './support/http';
import { startLoad, type Customer, type Step } from './support/load';
import { startServerProcess, type ServerProcess } from './support/server-process';

/**
 * A server process killed with SIGKILL while customers submit work orders and revision requests:
 * every record is whole (each revision request has its office e-mail queued and no e-mail exists
 * without its request), nothing confirmed is missing, and a new process starts and serves them.
 */
let pg: PrivatePostgres;
let database: DatabaseHandle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sigkill-'));
const processes: ServerProcess[] = [];

beforeAll(async () => {
  pg = await startPrivatePostgres();
}, 60_000);

afterAll(async () => {
  processes.forEach((p) => p.child.kill('SIGKILL'));
  await database?.close();
  await pg?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Submission = { route: string; token: string; quoteId?: number };

describe('server killed with SIGKILL in the middle of submissions', () => {
  it('leaves no half-written records, and a new process serves every confirmed one', async () => {
    const first = await startServerProcess(pg.url, dataDir);
    processes.push(first);
    database = await openPostgres(pg.url, 2);
    const { db } = database;

    const customers: (Customer & { quoteId: number })[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `kill-${i}@example.com`;
      const res = await call(first.url, '/api/auth/sign-up/email', {
        body: { email, password: 'correct-horse-battery', name: `Kill ${i}`, phone: '555-0100', address: '1 Crash Court' },
        headers: { 'x-forwarded-for': `10.88.0.${i + 1}` },
      });
      expect(res.status).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
      const quote = await db
        .insertInto('quotes')
        .values({ email, description: `Roof ${i}`, total: '900.00', status: 'Sent' })
        .returning('id')
        .executeTakeFirstOrThrow();
      customers.push({ email, cookie, quoteId: Number(quote.id) });
    }
    const quoteOf = new Map(customers.map((c) => [c.email, c.quoteId]));

    const load = startLoad({
      base: () => first.url,
      customers,
      concurrency: 16,
      next: (customer, seq): Step => {
        const token = `kill-token-${customer.email}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
        return seq % 2
          ? {
              route: 'revision',
              path: `/api/quotes/${quoteOf.get(customer.email)}/revision-requests`,
              body: { message: `Please change it. ${token}` },
            }
          : { route: 'work-order', path: '/api/work-orders', body: { address: '5 Crash Court', description: `Broken window. ${token}` } };
      },
    });
    await waitFor('submissions under way', () => load.outcomes.filter((o) => o.status === 201).length >= 60);
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await waitFor('the load to notice', () => load.outcomes.some((o) => o.startedAt > killedAt));
    await load.stop();

    const beforeKill = load.outcomes.filter((o) => o.status !== 'network');
    expect(beforeKill.filter((o) => o.status !== 201)).toEqual([]);
    // Requests were in flight when the process died: they got no answer at all.
    expect(load.outcomes.filter((o) => o.status === 'network' && o.startedAt < killedAt).length).toBeGreaterThan(0);

    // Every revision request has exactly one office e-mail queued, and every such e-mail its request.
    const orphans = await sql<{ requests_without_mail: number; mail_without_request: number; requests: number; mails: number }>`
      SELECT
        (SELECT count(*)::int FROM quote_requests qr WHERE (SELECT count(*) FROM mail_outbox m
            WHERE m.kind = 'quote-revision-request' AND position(qr.message in m.text_body) > 0) <> 1) AS requests_without_mail,
        (SELECT count(*)::int FROM mail_outbox m WHERE m.kind = 'quote-revision-request' AND NOT EXISTS (
            SELECT 1 FROM quote_requests qr WHERE position(qr.message in m.text_body) > 0)) AS mail_without_request,
        (SELECT count(*)::int FROM quote_requests) AS requests,
        (SELECT count(*)::int FROM mail_outbox WHERE kind = 'quote-revision-request') AS mails`.execute(db);
    const counts = orphans.rows[0]!;
    expect(counts).toMatchObject({ requests_without_mail: 0, mail_without_request: 0 });
    expect(counts.requests).toBe(counts.mails);

    // Every work order is whole: its owner, address, description, status and request date.
    const orders = await db.selectFrom('work_orders').select(['email', 'address', 'description', 'status', 'request_date']).execute();
    for (const order of orders) {
      expect(quoteOf.has(order.email)).toBe(true);
      expect(order).toMatchObject({
        address: '5 Crash Court',
        status: 'Pending',
        description: expect.stringMatching(/^Broken window\. kill-token-/),
      });
      expect(order.request_date).not.toBeNull();
    }

    // Nothing the killed process confirmed is missing.
    const confirmed: Submission[] = beforeKill.map((o) => ({
      route: o.route,
      token: (o.sent!.message ?? o.sent!.description)!.split(' ').pop()!,
    }));
    const requests = await db.selectFrom('quote_requests').select('message').execute();
    const storedTokens = new Set([...orders.map((o) => o.description), ...requests.map((r) => r.message)].map((t) => t.split(' ').pop()));
    expect(confirmed.filter((s) => !storedTokens.has(s.token))).toEqual([]);

    // A new process starts on the same database and serves the same customers, sessions included.
    const second = await startServerProcess(pg.url, dataDir);
    processes.push(second);
    for (const customer of customers) {
      const list = await call(second.url, '/api/work-orders', { cookie: customer.cookie });
      expect(list.status).toBe(200);
      expect((list.body as { workOrders: unknown[] }).workOrders).toHaveLength(orders.filter((o) => o.email === customer.email).length);
    }
    const [someone] = customers;
    const order = await call(second.url, '/api/work-orders', {
      cookie: someone!.cookie,
      body: { address: '6 Calm Street', description: 'After the restart' },
    });
    expect(order.status).toBe(201);
    const revision = await call(second.url, `/api/quotes/${someone!.quoteId}/revision-requests`, {
      cookie: someone!.cookie,
      body: { message: 'After the restart too' },
    });
    expect(revision.status).toBe(201);
  }, 90_000);
});
