import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, type Photo } from '../../../contracts/customer/photos';
import type { WorkOrderDetail } from '../../../contracts/customer/work-orders';
import type { InboxPage } from '../../../contracts/office/inbox';
import type { OfficeWorkOrder } from '../../../contracts/office/work-orders';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * Photos of work requests: the upload (type from the bytes, size limit while streaming, decoded and
 * re-encoded: no EXIF or GPS survives, dimensions bounded, a thumbnail), linking to the new order,
 * and serving to the owner and the office only.
 */
let portal: TestPortal;
let ana: string;
let ben: string;
let office: string;

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com');
  ben = await portal.signUp('ben@example.com');
  office = (await createOfficeAccount(portal, 'clerk@company.example', 'staff')).cookie;
});
afterAll(() => portal?.close());

let address = 1;
/** The file's bytes as the raw body, as the form sends them (its claimed type is ignored by the server). */
const upload = (cookie: string | undefined, body: Uint8Array | ReadableStream<Uint8Array>, contentType = 'image/jpeg') =>
  portal.runtime.app.request(
    '/api/work-order-photos',
    {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit,
    { incoming: { socket: { remoteAddress: `10.9.0.${address++ % 250}` } } },
  );
const uploaded = async (cookie: string, body: Uint8Array, contentType?: string) => {
  const res = await upload(cookie, body, contentType);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Photo;
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** A JPEG as a phone writes it: EXIF with the camera, the time and where it was taken (GPS). */
async function phoneJpeg(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Ana' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 5600/100' },
    })
    .toBuffer();
}

/** The EXIF IFD0 entry that points at the GPS IFD (tag 0x8825, type LONG), in either byte order. */
const hasGpsIfd = (bytes: Buffer) =>
  bytes.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || bytes.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));

describe('POST /api/work-order-photos', () => {
  it('the test photo really carries GPS metadata', async () => {
    const meta = await sharp(await phoneJpeg()).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.exif!.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect(hasGpsIfd(meta.exif!)).toBe(true);
  });

  it('stores a re-encoded JPEG with no EXIF, GPS, XMP or ICC text left, and serves it to its owner', async () => {
    const original = await phoneJpeg();
    const photo = await uploaded(ana, original);
    expect(photo).toEqual({ id: expect.any(Number), width: 640, height: 480 });
    const res = await portal.request(`/api/work-order-photos/${photo.id}`, { cookie: ana });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const served = await bytesOf(res);
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(served.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(hasGpsIfd(served)).toBe(false);
    // Nor in the database itself (the thumbnail included).
    const row = await portal.db.selectFrom('work_order_photos').selectAll().where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.data).includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(Buffer.from(row.thumbnail).includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(row).toMatchObject({ source_type: 'image/jpeg', content_type: 'image/jpeg', work_order_id: null, email: 'ana@example.com' });
  });

  it('bounds the dimensions (longest side 2560) and makes a thumbnail (longest side 320)', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const photo = await uploaded(ana, big);
    expect(photo).toMatchObject({ width: 2560, height: 1920 });
    const thumb = await portal.request(`/api/work-order-photos/${photo.id}/thumbnail`, { cookie: ana });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cache-control')).toBe('private, no-cache');
    expect(await sharp(await bytesOf(thumb)).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    // A small photo is never enlarged.
    const small = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(await uploaded(ana, small)).toMatchObject({ width: 100, height: 50 });
  });

  it('applies the EXIF orientation to the pixels before dropping it', async () => {
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00ff00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await uploaded(ana, rotated)).toMatchObject({ width: 200, height: 300 });
  });

  it('takes PNG (alpha laid on white), WebP and HEIC (a real HEVC-coded file), by their bytes whatever the claimed type', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    expect(await uploaded(ana, png, 'application/octet-stream')).toMatchObject({ width: 64, height: 32 });
    const webp = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    expect(await uploaded(ana, webp, 'image/png')).toMatchObject({ width: 50, height: 40 });
    const heic = readFileSync(new URL('./fixtures/sample.heic', import.meta.url));
    const photo = await uploaded(ana, heic, 'image/heic');
    expect(photo).toMatchObject({ width: 240, height: 180 });
    const served = await bytesOf(await portal.request(`/api/work-order-photos/${photo.id}`, { cookie: ana }));
    const { data } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    // The fixture is a gradient: red grows left to right; the decoded pixels are the picture, not blank.
    expect(data[3 * 230]! - data[0]!).toBeGreaterThan(150);
    const row = await portal.db.selectFrom('work_order_photos').select('source_type').where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(row.source_type).toBe('image/heic');
  });

  it('refuses a body over 10 MB with 413 and a message, declared or streamed', async () => {
    const tooBig = new Uint8Array(PHOTO_MAX_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    const res = await upload(ana, tooBig);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'photo_too_large', message: 'Each photo must be at most 10 MB.' });
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await upload(ana, stream);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(15);
  });

  it('refuses what is not a JPEG, PNG, HEIC or WebP image with 415, whatever it claims to be', async () => {
    for (const body of [
      Buffer.from('%PDF-1.7 not a photo'),
      Buffer.from('GIF89a....'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const res = await upload(ana, body, 'image/jpeg');
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toMatchObject({ code: 'photo_type', message: 'Photos must be JPEG, PNG, HEIC or WebP images.' });
    }
    const empty = await upload(ana, new Uint8Array());
    expect(empty.status).toBe(415);
  });

  it('refuses an image that does not decode with 422, and stores nothing', async () => {
    const before = await portal.db
      .selectFrom('work_order_photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]);
    const res = await upload(ana, broken);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({
      code: 'photo_unreadable',
      message: 'This photo could not be read. Please choose another one.',
    });
    const after = await portal.db
      .selectFrom('work_order_photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an image over 50 megapixels (a small file can unpack to a huge image) before decoding it', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const res = await upload(ana, bomb, 'image/png');
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'photo_too_many_pixels' });
  });

  it('needs a signed-in customer, and a request from the portal itself', async () => {
    expect((await upload(undefined, await phoneJpeg())).status).toBe(401);
    const res = await portal.runtime.app.request('/api/work-order-photos', {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie: ana },
      body: await phoneJpeg(),
    });
    expect(res.status).toBe(403);
  });

  it('deletes uploads that no order named within a day, when the next upload comes', async () => {
    const stale = await uploaded(ben, await phoneJpeg(20, 20));
    await sql`UPDATE work_order_photos SET created_at = now() - interval '25 hours' WHERE id = ${stale.id}`.execute(portal.db);
    await uploaded(ana, await phoneJpeg(20, 20));
    const left = await portal.db.selectFrom('work_order_photos').select('id').where('id', '=', stale.id).executeTakeFirst();
    expect(left).toBeUndefined();
  });
});

describe('a work request with photos', () => {
  let orderId: number;
  let photos: Photo[];

  beforeAll(async () => {
    photos = [await uploaded(ana, await phoneJpeg()), await uploaded(ana, await phoneJpeg(300, 400))];
    const res = await portal.request('/api/work-orders', {
      cookie: ana,
      body: { address: '7 Birch Lane', description: 'Cracked tiles', photoIds: photos.map((p) => p.id) },
    });
    expect(res.status).toBe(201);
    orderId = ((await res.json()) as { id: number }).id;
  });

  it("the customer's order detail names its photos, in the order sent", async () => {
    const res = await portal.request(`/api/work-orders/${orderId}`, { cookie: ana });
    expect(((await res.json()) as WorkOrderDetail).photos).toEqual([
      { id: photos[0]!.id, width: 640, height: 480 },
      { id: photos[1]!.id, width: 300, height: 400 },
    ]);
  });

  it('another customer gets 404 for every photo and thumbnail, and cannot send them with an order', async () => {
    for (const photo of photos) {
      for (const suffix of ['', '/thumbnail']) {
        const res = await portal.request(`/api/work-order-photos/${photo.id}${suffix}`, { cookie: ben });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/json/);
      }
    }
    const stolen = await portal.request('/api/work-orders', {
      cookie: ben,
      body: { address: '1 Oak', description: 'Mine now', photoIds: [photos[0]!.id] },
    });
    expect(stolen.status).toBe(422);
    expect(await errorOf(stolen)).toMatchObject({ code: 'photo_missing', message: 'A photo could not be found. Please add it again.' });
    const bens = await portal.db.selectFrom('work_orders').select('id').where('description', '=', 'Mine now').execute();
    expect(bens).toEqual([]);
  });

  it('a browser revalidates every time (private, no-cache, strong ETag): 304 for the owner and the office, 404 for anyone else even with the ETag', async () => {
    for (const suffix of ['', '/thumbnail']) {
      const first = await portal.request(`/api/work-order-photos/${photos[0]!.id}${suffix}`, { cookie: ana });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/); // strong: no W/ prefix
      const revalidate = (path: string, cookie?: string) =>
        portal.request(path, { ...(cookie ? { cookie } : {}), headers: { 'if-none-match': etag } });
      const owner = await revalidate(`/api/work-order-photos/${photos[0]!.id}${suffix}`, ana);
      expect(owner.status).toBe(304);
      expect(owner.headers.get('etag')).toBe(etag);
      expect(owner.headers.get('cache-control')).toBe('private, no-cache');
      expect((await owner.arrayBuffer()).byteLength).toBe(0);
      // The same photo has the same ETag on the office's route, and the office gets its 304 too.
      const officeFirst = await portal.request(`/api/office/work-order-photos/${photos[0]!.id}${suffix}`, { cookie: office });
      expect(officeFirst.headers.get('cache-control')).toBe('private, no-cache');
      expect(officeFirst.headers.get('etag')).toBe(etag);
      expect((await revalidate(`/api/office/work-order-photos/${photos[0]!.id}${suffix}`, office)).status).toBe(304);
      // Another customer on the same browser (the cached copy's ETag sent along) is refused, as is no session.
      const other = await revalidate(`/api/work-order-photos/${photos[0]!.id}${suffix}`, ben);
      expect(other.status).toBe(404);
      expect(other.headers.get('etag')).toBeNull();
      expect((await revalidate(`/api/work-order-photos/${photos[0]!.id}${suffix}`)).status).toBe(401);
      // A stale ETag gets the image again.
      const stale = await portal.request(`/api/work-order-photos/${photos[0]!.id}${suffix}`, {
        cookie: ana,
        headers: { 'if-none-match': '"old"' },
      });
      expect(stale.status).toBe(200);
    }
  });

  it('a photo is linked once: naming it again refuses the new order, which is not created', async () => {
    const again = await portal.request('/api/work-orders', {
      cookie: ana,
      body: { address: '7 Birch Lane', description: 'Again', photoIds: [photos[0]!.id] },
    });
    expect(again.status).toBe(422);
    const rows = await portal.db.selectFrom('work_orders').select('id').where('description', '=', 'Again').execute();
    expect(rows).toEqual([]);
  });

  it('at most 5 photos, each named once', async () => {
    const six = await portal.request('/api/work-orders', {
      cookie: ana,
      body: { address: 'a', description: 'b', photoIds: [1, 2, 3, 4, 5, 6] },
    });
    expect(six.status).toBe(400);
    expect((await errorOf(six)).message).toMatch(/At most 5 photos/);
    const twice = await portal.request('/api/work-orders', { cookie: ana, body: { address: 'a', description: 'b', photoIds: [1, 1] } });
    expect(twice.status).toBe(400);
  });

  it('the office reads the photos and thumbnails, sees them on the order and in the Inbox', async () => {
    const full = await portal.request(`/api/office/work-order-photos/${photos[0]!.id}`, { cookie: office });
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe('private, no-cache');
    expect((await sharp(await bytesOf(full)).metadata()).exif).toBeUndefined();
    const thumb = await portal.request(`/api/office/work-order-photos/${photos[1]!.id}/thumbnail`, { cookie: office });
    expect(await sharp(await bytesOf(thumb)).metadata()).toMatchObject({ width: 240, height: 320 });
    const detail = (await (await portal.request(`/api/office/work-orders/${orderId}`, { cookie: office })).json()) as OfficeWorkOrder;
    expect(detail.photos?.map((p) => p.id)).toEqual(photos.map((p) => p.id));
    const inbox = (await (await portal.request('/api/office/inbox', { cookie: office })).json()) as InboxPage;
    const entry = inbox.entries.find((e) => e.record.type === 'work_order' && e.record.id === orderId);
    expect(entry).toMatchObject({ kind: 'work_request', photos: photos.map((p) => ({ id: p.id })) });
  });

  it("the office gets 404 for an upload not yet sent with an order (only its customer's so far), and for no photo", async () => {
    const pending = await uploaded(ana, await phoneJpeg(10, 10));
    expect((await portal.request(`/api/office/work-order-photos/${pending.id}`, { cookie: office })).status).toBe(404);
    expect((await portal.request('/api/office/work-order-photos/999999', { cookie: office })).status).toBe(404);
  });

  it("a customer cannot use the office's photo routes, nor the office the customer's", async () => {
    expect((await portal.request(`/api/office/work-order-photos/${photos[0]!.id}`, { cookie: ana })).status).toBe(403);
    expect((await portal.request(`/api/work-order-photos/${photos[0]!.id}`, { cookie: office })).status).toBe(403);
    expect((await portal.request(`/api/work-order-photos/${photos[0]!.id}`)).status).toBe(401);
  });

  it("row-level security alone hides another customer's photos (a query that forgot its owner filter)", async () => {
    const { rows } = await portal.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('portal.email', 'ben@example.com', true), set_config('role', 'portal_customer', true)`.execute(trx);
      return sql<{ id: number }>`SELECT id FROM work_order_photos WHERE id = ${photos[0]!.id}`.execute(trx);
    });
    expect(rows).toEqual([]);
  });
});
