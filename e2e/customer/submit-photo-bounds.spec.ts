import http from 'node:http';
import sharp from 'sharp';
import { expect, test } from '../support/fixtures';
import { E2E_BASE_URL } from '../support/ports';

/**
 * Issue 21 item 3, as the customer sees it: while another upload of the same account is still
 * arriving (a second tab, a second phone), the Submit Request page says so in the customer's
 * language instead of waiting.
 */

/**
 * An upload from elsewhere with the customer's session: 16 kB every 200 ms, fast enough to keep its
 * slot. The test's own probe (uploadStatus) may take the account's slot first, and this one is then
 * answered 429 at once: it begins again, so that it holds the slot until stopped.
 */
function slowUploadElsewhere(cookie: string) {
  const url = new URL('/api/work-order-photos', E2E_BASE_URL);
  let stopped = false;
  let stopCurrent = () => undefined as void;
  const begin = () => {
    const req = http.request(url, { method: 'POST', headers: { cookie, origin: url.origin, 'content-type': 'image/jpeg' } });
    req.on('error', () => undefined); // ended by the test below; its answer is not what is tested
    req.on('response', (res) => {
      res.resume();
      stopCurrent();
      if (!stopped) begin();
    });
    req.write(Buffer.from([0xff, 0xd8, 0xff]));
    const timer = setInterval(() => req.write(Buffer.alloc(16 * 1024)), 200);
    stopCurrent = () => {
      clearInterval(timer);
      req.destroy();
    };
  };
  begin();
  return () => {
    stopped = true;
    stopCurrent();
  };
}

/** A tiny upload with the same session: 429 while the slow one holds the account's slot. */
async function uploadStatus(cookie: string): Promise<number> {
  const res = await fetch(new URL('/api/work-order-photos', E2E_BASE_URL), {
    method: 'POST',
    headers: { cookie, origin: new URL(E2E_BASE_URL).origin, 'content-type': 'image/jpeg' },
    body: new Uint8Array([0]),
  });
  return res.status;
}

test('a second upload of the same account at once is refused with a clear message, in English and Spanish', async ({ page, customer }) => {
  void customer;
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const stop = slowUploadElsewhere(cookie);
  try {
    await expect.poll(() => uploadStatus(cookie)).toBe(429);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();

    await page.goto('/submit-work-order');
    await page.getByLabel('Service Address').fill('12 Lens Lane');
    await page.getByLabel('Description of Issue').fill('Cracked tiles by the shower, see the photo.');
    await page.getByLabel('Choose photos').setInputFiles([{ name: 'shower.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(
      page.getByText('Another photo is still being sent from your account. Wait for it to finish, then try again.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/screens/submit-photo-in-progress-en.png', fullPage: true });

    // A fresh form in Spanish (the language stays chosen across the reload), refused again.
    await page.getByRole('button', { name: 'Español' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Enviar solicitud' })).toBeVisible();
    await expect(page.getByText(/Todavía se está enviando/)).toHaveCount(0);
    await page.getByLabel('Dirección del servicio').fill('12 Lens Lane');
    await page.getByLabel('Descripción del problema').fill('Azulejos rotos junto a la ducha, vea la foto.');
    await page.getByLabel('Elegir fotos').setInputFiles([{ name: 'ducha.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(
      page.getByText('Todavía se está enviando otra foto desde su cuenta. Espere a que termine e inténtelo de nuevo.'),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/submit-photo-in-progress-es.png', fullPage: true });
  } finally {
    stop();
  }
  // Once the other upload has ended, the same photo goes through.
  await expect.poll(() => uploadStatus(cookie)).toBe(415);
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('status').filter({ hasText: '¡Orden de trabajo enviada con éxito!' })).toBeVisible({ timeout: 20_000 });
});
