import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Both copies of `file` were written after it was (the build's second app finds the first's done). */
const compressedSince = (file: string, mtimeMs: number) =>
  ['.br', '.gz'].every((ext) => {
    const copy = fs.statSync(`${file}${ext}`, { throwIfNoEntry: false });
    return copy !== undefined && copy.mtimeMs >= mtimeMs;
  });

/**
 * The files of `root` (and below) worth a compressed copy and without a current one, the largest
 * first (they take longest).
 */
function compressibleFiles(root: string): string[] {
  const found: { file: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name)) {
        const { size, mtimeMs } = fs.statSync(file);
        if (size >= MIN_BYTES && !compressedSince(file, mtimeMs)) found.push({ file, size });
      }
    }
  };
  walk(root);
  return found.sort((a, b) => b.size - a.size).map((f) => f.file);
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at the
 * highest levels (done once, at build time), so the server sends them by content negotiation
 * without compressing on each request. Source maps are skipped: they are never served. The files
 * are compressed on libuv's threads, as many at a time as the machine has cores: brotli's level 11
 * was about half of a build's time, one file after another on one core (a first `npm start` builds).
 */
export async function precompressDirectory(root: string): Promise<{ files: number }> {
  const files = compressibleFiles(root);
  let next = 0;
  const compressNext = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const data = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
        gzip(data, { level: 9 }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, compressNext));
  return { files: files.length };
}

/** Vite plugin: precompress the output once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files } = await precompressDirectory(outDir);
      this.info?.(`precompressed ${files} files (brotli and gzip)`);
    },
  };
}
