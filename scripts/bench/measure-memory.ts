/**
 * Peak memory of five 10 MB uploads of large images at once (the worst a form sends), through the
 * server's own path: the body read with its limit, the type sniffed, the photo decoded, re-encoded
 * and thumbnailed (at most DECODE_CONCURRENCY at a time). Run:
 *
 *   node --import tsx scripts/bench/measure-memory.ts
 *
 * The images (8000 × 6000 pixels, 48 MP, JPEG just under 10 MB each) are made by a child process
 * first, so this process has decoded nothing before it measures. Prints the resident set size
 * (RSS) before and at its peak, sampled every 5 ms.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHOTO_MAX_BYTES } from '../../contracts/customer/photos';
import { DECODE_CONCURRENCY, loadSharp, processPhoto, UPLOADS_IN_MEMORY } from '../../server/modules/photos/process';
import { Semaphore } from '../../server/modules/photos/semaphore';
import { readBodyWithin } from '../../server/modules/photos/read-body';
import { sniffImageType } from '../../server/modules/photos/sniff';

const COUNT = 5;
const WIDTH = 8000;
const HEIGHT = 6000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function generate(dir: string) {
  const { default: sharp } = await import('sharp');
  for (let i = 0; i < COUNT; i++) {
    // Smooth noise: detailed enough that a JPEG of 48 MP stays near 10 MB (a flat image would be tiny).
    const noise = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    let quality = 82;
    let jpeg: Buffer;
    do {
      jpeg = await sharp(noise).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).jpeg({ quality }).toBuffer();
      quality -= 3;
    } while (jpeg.byteLength > PHOTO_MAX_BYTES);
    writeFileSync(join(dir, `photo-${i}.jpg`), jpeg);
  }
}

/** The bytes as a browser sends a file: a stream of 64 kB chunks, with its Content-Length. */
function requestOf(bytes: Buffer): Request {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + 65536)));
      at += 65536;
    },
  });
  return new Request('http://localhost/api/work-order-photos', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-length': String(bytes.byteLength) },
  } as RequestInit);
}

async function measure() {
  const dir = mkdtempSync(join(tmpdir(), 'photo-memory-'));
  try {
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'generate', dir], { stdio: 'inherit' });
    const files = readdirSync(dir).map((name) => readFileSync(join(dir, name)));
    const start = process.memoryUsage().rss;
    await loadSharp();
    const before = process.memoryUsage().rss;
    console.log(`RSS with the five files read: ${mb(start)}; sharp (libvips) loaded: +${mb(before - start)}`);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = Date.now();
    const receiving = new Semaphore(UPLOADS_IN_MEMORY);
    const results = await Promise.all(
      files.map((file) =>
        receiving.run(async () => {
          const bytes = await readBodyWithin(requestOf(file), PHOTO_MAX_BYTES);
          const type = sniffImageType(bytes);
          if (!type) throw new Error('not an image');
          return processPhoto(bytes, type);
        }),
      ),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`uploads: ${COUNT} at once, each ${WIDTH} × ${HEIGHT} JPEG of ${files.map((f) => mb(f.byteLength)).join(', ')}`);
    console.log(`decoded at most ${DECODE_CONCURRENCY} at a time in ${Date.now() - started} ms`);
    console.log(
      `stored: ${results.map((r) => `${r.width}×${r.height} ${mb(r.data.byteLength)} + thumbnail ${mb(r.thumbnail.data.byteLength)}`).join('; ')}`,
    );
    console.log(
      `RSS before: ${mb(before)}; peak: ${mb(peak)}; growth: ${mb(peak - before)} (the five bodies themselves: ${mb(files.reduce((s, f) => s + f.byteLength, 0))})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'generate') await generate(process.argv[3]!);
else await measure();
