import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The first page's JavaScript (the entry chunk and every chunk it imports statically, the same for
 * /login and /) must stay under the budget, gzip-compressed, must not contain the PDF library
 * (loaded on first click), and must run on Preact, not React DOM (the customer's build aliases
 * react and react-dom to preact/compat, vite.config.ts). Run after `vite build`, which builds the
 * customer's page and the office's apart (vite.config.ts); this reads the customer's manifest and
 * the first page's source maps. The budget is the target (docs/performance.md): 70.1 kB measured
 * when it was set.
 */
export const BUDGET_GZIP_BYTES = 100 * 1024;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  name?: string;
  src?: string;
}

/** The customer's page (web/index.html); the office has its own (web/office/index.html). */
export const CUSTOMER_ENTRY = 'index.html';

/** The chunks reachable from the customer's entry: statically only (the first page), or with every import(). */
export function customerChunks(manifest: Record<string, ManifestChunk>, { lazy = false } = {}): ManifestChunk[] {
  if (!manifest[CUSTOMER_ENTRY]?.isEntry) throw new Error(`no ${CUSTOMER_ENTRY} entry in the Vite manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
    if (lazy) for (const next of manifest[key]?.dynamicImports ?? []) visit(next);
  };
  visit(CUSTOMER_ENTRY);
  return [...seen].map((key) => manifest[key]!);
}

export const initialChunks = (manifest: Record<string, ManifestChunk>) => customerChunks(manifest);

/**
 * React's own packages among a chunk's source-map sources: none may reach the customer's first page,
 * which runs on preact/compat (a missing alias would bring React DOM's 66 kB back without a sound).
 */
export function reactPackagesIn(sources: string[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    const match = /(?:^|\/)node_modules\/(react|react-dom|scheduler)\//.exec(source);
    if (match) found.add(match[1]!);
  }
  return [...found].sort();
}

export const hasPreact = (sources: string[]) => sources.some((source) => /(?:^|\/)node_modules\/preact\//.test(source));

/** Every chunk a customer's browser can ever load must be free of the office's modules. */
export function officeChunksInCustomerApp(manifest: Record<string, ManifestChunk>): string[] {
  return customerChunks(manifest, { lazy: true })
    .filter((chunk) => chunk.src?.startsWith('office/'))
    .map((chunk) => chunk.file);
}

function main() {
  const root = path.resolve(process.argv[2] ?? 'dist/web');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const leaked = officeChunksInCustomerApp(manifest);
  if (leaked.length) throw new Error(`office code is reachable from the customer's page: ${leaked.join(', ')}`);
  const chunks = initialChunks(manifest);
  let total = 0;
  const sources: string[] = [];
  for (const chunk of chunks) {
    const file = path.join(root, chunk.file);
    const code = fs.readFileSync(file);
    if (/jspdf/i.test(chunk.file) || code.includes('jsPDF')) {
      throw new Error(`the PDF library is in the first page's JavaScript (${chunk.file}); load it with import()`);
    }
    // Rolldown's runtime chunk has no map (no module of ours or a package's is in it).
    if (fs.existsSync(`${file}.map`))
      sources.push(...(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);
    total += zlib.gzipSync(code, { level: 9 }).length;
  }
  const react = reactPackagesIn(sources);
  if (react.length || !hasPreact(sources)) {
    throw new Error(
      `the customer's first page must run on preact/compat (vite.config.ts), but it has ${react.length ? react.join(', ') : 'no preact'}`,
    );
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
