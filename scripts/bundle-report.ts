import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { customerChunks, initialChunks, type ManifestChunk } from './check-bundle';
import { decodeMappings } from './bundle-report/sourcemap';

/**
 * `npm run bundle:report`: what the customer's first page is made of. Reads the build's manifest
 * and source maps (vite build writes both) and attributes every byte of each first-page chunk to the
 * package or project folder it came from. The gzip column shares each chunk's gzip size out by
 * those bytes (an estimate: gzip works across module borders). Prints a table and writes
 * dist/bundle-report.md.
 */

/** node_modules/@scope/name or node_modules/name; project files by their folder (two levels). */
export function owner(source: string): string {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [first, second] = source.slice(inModules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const parts = source.replace(/^(\.\.\/)+/, '').split('/');
  return parts.slice(0, Math.min(3, parts.length - 1)).join('/') + '/';
}

/** Bytes no source map line points at: the bundler's own code and JSON modules (the English texts). */
const UNMAPPED = '(unmapped: bundler glue, JSON texts)';

interface Row {
  owner: string;
  bytes: number;
  gzip: number;
}

export function attribute(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  const add = (key: string, n: number) => n > 0 && bytes.set(key, (bytes.get(key) ?? 0) + n);
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.column ?? line.length;
      add(segment.source === undefined ? UNMAPPED : owner(map.sources[segment.source]!), end - segment.column);
    });
    add(UNMAPPED, segments[0]?.column ?? line.length);
  });
  return bytes;
}

function report(root: string, chunks: ManifestChunk[]): { rows: Row[]; chunkRows: Row[] } {
  const byOwner = new Map<string, Row>();
  const chunkRows: Row[] = [];
  for (const chunk of chunks) {
    const file = path.join(root, chunk.file);
    const code = fs.readFileSync(file, 'utf8');
    const gzip = zlib.gzipSync(code, { level: 9 }).length;
    chunkRows.push({ owner: chunk.file, bytes: Buffer.byteLength(code), gzip });
    const mapFile = `${file}.map`;
    const parts = fs.existsSync(mapFile)
      ? attribute(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string })
      : new Map([['(no source map)', code.length]]);
    for (const [key, bytes] of parts) {
      const row = byOwner.get(key) ?? { owner: key, bytes: 0, gzip: 0 };
      row.bytes += bytes;
      row.gzip += (gzip * bytes) / code.length;
      byOwner.set(key, row);
    }
  }
  const bySize = (a: Row, b: Row) => b.gzip - a.gzip;
  return { rows: [...byOwner.values()].sort(bySize), chunkRows: chunkRows.sort(bySize) };
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function markdown(title: string, rows: Row[]): string {
  const total = rows.reduce((sum, r) => ({ bytes: sum.bytes + r.bytes, gzip: sum.gzip + r.gzip }), { bytes: 0, gzip: 0 });
  return [
    `| ${title} | minified kB | gzip kB | share |`,
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.owner} | ${kb(r.bytes)} | ${kb(r.gzip)} | ${((100 * r.gzip) / total.gzip).toFixed(0)} % |`),
    `| **total** | ${kb(total.bytes)} | ${kb(total.gzip)} | |`,
  ].join('\n');
}

function main() {
  const root = path.resolve(process.argv[2] ?? 'dist/web');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const first = report(root, initialChunks(manifest));
  const firstFiles = new Set(initialChunks(manifest).map((c) => c.file));
  const later = report(
    root,
    customerChunks(manifest, { lazy: true }).filter((c) => !firstFiles.has(c.file) && c.file.endsWith('.js')),
  );
  const text = [
    "## The customer's first page (entry and static imports)",
    '',
    markdown('package or folder', first.rows),
    '',
    markdown('chunk', first.chunkRows),
    '',
    '## Loaded later (signed-in screens, PDFs, the other language)',
    '',
    markdown('package or folder (largest 15)', later.rows.slice(0, 15)),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, '..', 'bundle-report.md'), text);
  console.log(text);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
