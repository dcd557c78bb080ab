import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../contracts/office/audit';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * GET /api/office/audit: newest first, filtered by person, record and days (whole days of the
 * company's time zone, COMPANY_TIMEZONE: America/Chicago here, UTC-6 until 8 March 2026), keyset pages.
 */
let portal: TestPortal;
let staffCookie: string;

beforeAll(async () => {
  portal = await createTestPortal();
  staffCookie = (await createOfficeAccount(portal, 'clerk@company.example', 'staff')).cookie;
  await sql`INSERT INTO audit_log (at, actor_email, action, entity, entity_id, before, after, ip) VALUES
    ('2026-03-01T05:59:59.999Z', 'cy@company.example', 'edit', 'customer', '9', NULL, NULL, NULL),
    ('2026-03-01T06:00:00Z', 'ana@company.example', 'edit', 'customer', '7', '{"name":"A"}', '{"name":"B"}', '192.0.2.1'),
    ('2026-03-02T05:30:00Z', 'Ana@Company.example', 'done', 'inbox', '3', NULL, '{"done":true}', '192.0.2.1'),
    ('2026-03-02T06:00:00Z', 'ben@company.example', 'edit', 'customer', '8', NULL, NULL, NULL),
    ('2026-03-05T12:00:00Z', 'ben@company.example', 'add', 'customer', '7', NULL, '{"email":"x@example.com"}', '192.0.2.2')`.execute(
    portal.db,
  );
});
afterAll(() => portal?.close());

const list = async (query = '') => {
  const res = await portal.request(`/api/office/audit${query}`, { cookie: staffCookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditPage;
};
const actions = (page: AuditPage) => page.entries.map((e) => `${e.action}:${e.entityId}`);
const BEFORE_TODAY = '&to=2026-12-31&from=2026-01-01';

describe('GET /api/office/audit', () => {
  it('answers every row newest first, with who, what, the record, before/after and the address', async () => {
    const page = await list(`?from=2026-03-01&to=2026-03-31`);
    // 05:59:59.999Z on 1 March is still 28 February in Chicago.
    expect(actions(page)).toEqual(['add:7', 'edit:8', 'done:3', 'edit:7']);
    expect(page.timeZone).toBe('America/Chicago');
    expect(page.entries[3]).toEqual({
      id: expect.any(Number),
      at: '2026-03-01T06:00:00.000Z',
      actorEmail: 'ana@company.example',
      action: 'edit',
      entity: 'customer',
      entityId: '7',
      before: { name: 'A' },
      after: { name: 'B' },
      ip: '192.0.2.1',
    } satisfies AuditEntry);
    // The office's own sign-ins are there too (today's rows).
    expect((await list()).entries.some((e) => e.action === 'sign-in' && e.actorEmail === 'clerk@company.example')).toBe(true);
  });

  it('filters by person (any letter case), by kind of record and by record', async () => {
    expect(actions(await list(`?actor=ANA@company.example${BEFORE_TODAY}`))).toEqual(['done:3', 'edit:7']);
    expect(actions(await list(`?entity=customer${BEFORE_TODAY}`))).toEqual(['add:7', 'edit:8', 'edit:7', 'edit:9']);
    expect(actions(await list(`?entity=customer&entityId=7`))).toEqual(['add:7', 'edit:7']);
    expect(actions(await list(`?actor=ben@company.example&entity=customer&entityId=8`))).toEqual(['edit:8']);
  });

  it('filters by whole days of the company’s time zone, both ends included', async () => {
    // 1 March in Chicago: 00:00 to 23:59:59 local. The 23:30 action is 05:30 UTC on the 2nd, and in;
    // the one at 23:59:59 local on 28 February (05:59 UTC on the 1st) is out.
    expect(actions(await list('?from=2026-03-01&to=2026-03-01'))).toEqual(['done:3', 'edit:7']);
    expect(actions(await list('?from=2026-02-28&to=2026-02-28'))).toEqual(['edit:9']);
    expect(actions(await list('?from=2026-03-02&to=2026-03-04'))).toEqual(['edit:8']);
    expect(actions(await list('?from=2026-03-05&to=2026-03-05'))).toEqual(['add:7']);
    // 8 March 2026 has 23 hours in Chicago (clocks go forward): 23:30 local is UTC-5 by then.
    await sql`INSERT INTO audit_log (at, actor_email, action, entity, entity_id) VALUES
      ('2026-03-08T05:59:59Z', 'dst@company.example', 'send', 'quote', 'before'),
      ('2026-03-08T06:00:00Z', 'dst@company.example', 'send', 'quote', 'midnight'),
      ('2026-03-09T04:30:00Z', 'dst@company.example', 'send', 'quote', 'late'),
      ('2026-03-09T05:00:00Z', 'dst@company.example', 'send', 'quote', 'next-day')`.execute(portal.db);
    expect(actions(await list('?entity=quote&from=2026-03-08&to=2026-03-08'))).toEqual(['send:late', 'send:midnight']);
    const bad = await portal.request('/api/office/audit?from=March', { cookie: staffCookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: 'from: Use a date like 2026-11-23.' } });
  });

  it('pages by keyset: every row exactly once, also among rows written in the same instant', async () => {
    await sql`INSERT INTO audit_log (at, actor_email, action, entity, entity_id)
      SELECT '2026-04-01T10:00:00.123456Z', 'bulk@company.example', 'bulk', 'customer', n::text FROM generate_series(1, 11) n`.execute(
      portal.db,
    );
    const all = await list('?limit=100');
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = await list(`?limit=3${cursor ? `&after=${cursor}` : ''}`);
      ids.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(all.entries.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
