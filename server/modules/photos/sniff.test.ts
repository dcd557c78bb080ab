import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBodyWithin } from './read-body';
import { Semaphore } from './semaphore';
import { sniffImageType } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible);
};

describe('sniffImageType', () => {
  it('tells JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('tells HEIC by its ftyp brands, and a real phone-style HEIC file', () => {
    expect(sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBe('image/heic');
    expect(sniffImageType(ftyp('mif1', 'mif1', 'heic'))).toBe('image/heic');
    expect(sniffImageType(ftyp('heix', 'mif1'))).toBe('image/heic');
    expect(sniffImageType(readFileSync(new URL('./fixtures/sample.heic', import.meta.url)))).toBe('image/heic');
  });

  it('refuses AVIF, GIF, PDF, SVG, text and empty bodies, whatever their name would say', () => {
    expect(sniffImageType(ftyp('avif', 'mif1', 'avif'))).toBeNull();
    expect(sniffImageType(ftyp('mif1', 'mif1', 'avif'))).toBeNull();
    expect(sniffImageType(ftyp('isom', 'mp41'))).toBeNull();
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('readBodyWithin', () => {
  const streamOf = (chunks: number[]) => {
    let sent = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const size = chunks[sent++];
        if (size === undefined) controller.close();
        else controller.enqueue(new Uint8Array(size).fill(7));
      },
      cancel() {
        cancelled = true;
      },
    });
    return { body, pulled: () => sent, cancelled: () => cancelled };
  };
  const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
    new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('reads a body up to the limit', async () => {
    const { body } = streamOf([4, 4, 2]);
    expect((await readBodyWithin(post(body), 10)).byteLength).toBe(10);
  });

  it('refuses a declared Content-Length above the limit before reading anything', async () => {
    const { body, pulled } = streamOf([4]);
    await expect(readBodyWithin(post(body, { 'content-length': '11' }), 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it('stops a streamed body as soon as it passes the limit, and cancels the rest', async () => {
    const stream = streamOf([6, 6, 6, 6, 6]);
    await expect(readBodyWithin(post(stream.body), 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(stream.pulled()).toBeLessThan(5);
    expect(stream.cancelled()).toBe(true);
  });
});

describe('Semaphore', () => {
  it('lets at most `size` run at once, the rest in order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(n);
        running--;
      });
    await Promise.all([1, 2, 3, 4, 5].map(job));
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(gate.pending).toBe(0);
  });

  it('frees its place when the work fails', async () => {
    const gate = new Semaphore(1);
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
