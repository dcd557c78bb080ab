import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

describe('API answers', () => {
  it('go out gzip-compressed when the browser accepts it and they are large enough; the bytes decode to the JSON', async () => {
    const cookie = await portal.signUp('zip@example.com');
    await sql`INSERT INTO quotes (email, description, total, status)
      SELECT 'zip@example.com', 'Replace the gutters on the north side ' || i, 100 + i, 'Sent' FROM generate_series(1, 30) i`.execute(
      portal.db,
    );
    const plain = await portal.request('/api/quotes', { cookie });
    const json = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();

    const zipped = await portal.request('/api/quotes', { cookie, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(json.length / 2);
    expect(zlib.gunzipSync(bytes).toString()).toBe(json);
  });
});
