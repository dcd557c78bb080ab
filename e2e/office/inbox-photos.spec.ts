import sharp from 'sharp';
import { createCustomer, signIn } from '../support/fixtures';
import { expect, test } from '../support/office-fixtures';
import { E2E_BASE_URL } from '../support/ports';

/** A new work request sent with two photos, as the Submit Request form sends it: each photo first, then the order naming them. */
async function requestWithPhotos(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const customer = await createCustomer(page, { name: `Lena Gallery ${Date.now().toString(36)}` });
  await signIn(page, customer);
  const ids: number[] = [];
  for (const [width, height, color] of [
    [1600, 1200, '#2f6fb0'],
    [900, 1200, '#c9772e'],
  ] as const) {
    const res = await page.request.post('/api/work-order-photos', {
      headers: { origin: E2E_BASE_URL, 'content-type': 'image/jpeg' },
      data: await sharp({ create: { width, height, channels: 3, background: color } })
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100' } })
        .toBuffer(),
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const order = await page.request.post('/api/work-orders', {
    headers: { origin: E2E_BASE_URL },
    data: { address: '8 Gallery Road', description: 'Water stain on the ceiling', photoIds: ids },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = ((await order.json()) as { id: number }).id;
  await context.close();
  return { customer, ids, orderId };
}

test("the Inbox shows a new work request's photos as thumbnails, each opening the full image", async ({ page, owner: _owner, browser }) => {
  const { customer, ids, orderId } = await requestWithPhotos(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/office');
  const entry = page.getByRole('article').filter({ hasText: customer.email });
  await expect(entry.getByRole('heading', { level: 2 })).toHaveText(`New work request: Work Order #${orderId}`);
  const gallery = entry.getByRole('list', { name: 'Photos' });
  const thumbnails = gallery.getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  await expect(gallery.getByAltText('Photo 1 of 2 of the request')).toHaveAttribute(
    'src',
    `/api/office/work-order-photos/${ids[0]}/thumbnail`,
  );
  // The thumbnails really load (the office's session reaches them), at the thumbnail's size.
  await expect
    .poll(() => thumbnails.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => [img.naturalWidth, img.naturalHeight])))
    .toEqual([
      [320, 240],
      [240, 320],
    ]);
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/office-inbox-photos-1280-en.png' });

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    gallery.getByRole('link', { name: 'Photo 2 of 2 of the request' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`${E2E_BASE_URL}/api/office/work-order-photos/${ids[1]}`);
  const full = await page.request.get(popup.url());
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toBe('image/jpeg');
  const meta = await sharp(await full.body()).metadata();
  expect(meta).toMatchObject({ width: 900, height: 1200 });
  expect(meta.exif).toBeUndefined();
  await popup.close();

  // The entry leads to the order's page, which shows the same photos.
  await entry.getByRole('link', { name: `Work Order #${orderId}` }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/office/work-orders/${orderId}`);
  const orderGallery = page.getByRole('list', { name: 'Photos' });
  await expect(orderGallery.getByAltText('Photo 2 of 2 sent with the request')).toHaveAttribute(
    'src',
    `/api/office/work-order-photos/${ids[1]}/thumbnail`,
  );
  await page.goBack();

  // On a phone, in Spanish.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /Menu|Menú/ }).click();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(entry.getByRole('list', { name: 'Fotos' })).toBeVisible();
  await expect(entry.getByAltText('Foto 1 de 2 de la solicitud')).toBeVisible();
  await page.keyboard.press('Escape');
  await entry.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/office-inbox-photos-390-es.png' });
});
