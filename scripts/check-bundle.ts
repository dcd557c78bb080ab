import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The first page's JavaScript (the entry chunk and every chunk it imports statically) must stay
 * under the budget, gzip-compressed, and must not contain the PDF library (loaded on first click).
 * Run after `vite build`; the budget is written in the README.
 */
export const BUDGET_GZIP_BYTES = 160 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  name?: string;
  src?: string;
}

export function initialChunks(manifest: Record<string, ManifestChunk>): ManifestChunk[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry[0]);
  return [...seen].map((key) => manifest[key]!);
}

function main() {
  const root = path.resolve(process.argv[2] ?? 'dist/web');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunks = initialChunks(manifest);
  let total = 0;
  for (const chunk of chunks) {
    const code = fs.readFileSync(path.join(root, chunk.file));
    if (/jspdf/i.test(chunk.file) || code.includes('jsPDF')) {
      throw new Error(`the PDF library is in the first page's JavaScript (${chunk.file}); load it with import()`);
    }
    total += zlib.gzipSync(code, { level: 9 }).length;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const line = `first page JavaScript: ${kb(total)} gzip in ${chunks.length} chunk(s); budget ${kb(BUDGET_GZIP_BYTES)}`;
  if (total > BUDGET_GZIP_BYTES) throw new Error(`${line}: over budget`);
  console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
