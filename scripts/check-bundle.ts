import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunkFilesPath, type ChunkFiles } from '../server/platform/http/chunk-files.ts';
import { pagePreloads, type PagePreloads } from '../server/platform/http/page-preloads.ts';
import { customerPages, officePages } from '../contracts/pages.ts';

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

/**
 * The office's first page (/office/login, and the frame every signed-in office page starts from): its
 * own budget, in brotli as the server sends it to browsers (issue 27; 155 kB on React with zod,
 * 86 kB on Preact without zod when it was set, decision 231). The same Preact and PDF rules hold.
 */
export const OFFICE_BUDGET_BROTLI_BYTES = 100 * 1024;
export const OFFICE_ENTRY = 'office/index.html';

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

/** The chunks reachable from an entry: statically only (the first page), or with every import(). */
export function entryChunks(manifest: Record<string, ManifestChunk>, entry: string, { lazy = false } = {}): ManifestChunk[] {
  if (!manifest[entry]?.isEntry) throw new Error(`no ${entry} entry in the Vite manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
    if (lazy) for (const next of manifest[key]?.dynamicImports ?? []) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key]!);
}

/** The chunks reachable from the customer's entry: statically only (the first page), or with every import(). */
export const customerChunks = (manifest: Record<string, ManifestChunk>, opts: { lazy?: boolean } = {}) =>
  entryChunks(manifest, CUSTOMER_ENTRY, opts);

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

/**
 * What is wrong with an app's preloads: a file the build did not write, the PDF library (loaded on the
 * first click, never with a page), or a page of the signed-in screens without its chunks.
 */
export function preloadProblems(pages: PagePreloads[], exists: (file: string) => boolean): string[] {
  const problems: string[] = [];
  if (!pages.length) problems.push('no page has preloads');
  for (const page of pages) {
    if (!page.scripts.length) problems.push(`${page.path}: no script`);
    for (const file of [...page.scripts, ...page.styles, ...page.early]) {
      if (!exists(file)) problems.push(`${page.path}: ${file} is not in the build`);
      if (/jspdf|html2canvas/i.test(file)) problems.push(`${page.path}: ${file} is the PDF library`);
    }
    for (const url of page.data) if (!url.startsWith('/api/')) problems.push(`${page.path}: ${url} is not an API answer`);
  }
  return problems;
}

interface FirstPage {
  /** Compressed bytes of every chunk (gzip level 9, or brotli as precompress writes it). */
  total: number;
  chunks: number;
}

/**
 * The app's Spanish texts (every file of its locales/es) found in `code`: none belongs on a first page,
 * which carries English only (Spanish is one chunk, fetched when the app is shown in it). Only texts
 * that no English file has and long enough not to occur by chance.
 */
export function spanishTextsIn(code: string, app: 'customer' | 'office'): string[] {
  const folder = (language: string) => new URL(`../web/${app}/i18n/locales/${language}/`, import.meta.url);
  const leaves = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];
  const texts = (language: string) =>
    fs.readdirSync(folder(language)).flatMap((file) => leaves(JSON.parse(fs.readFileSync(new URL(file, folder(language)), 'utf8'))));
  const english = new Set(texts('en'));
  return texts('es').filter((text) => text.length >= 16 && !english.has(text) && code.includes(text));
}

/** The screen each app opens on after sign-in: its page must not load the record screens' chunk (decision 293). */
export function landingProblems(app: 'customer' | 'office', pages: PagePreloads[]): string[] {
  const landing = pages.find((page) => page.path === (app === 'customer' ? customerPages.dashboard.path : officePages.inbox.path));
  if (!landing) return [`no preloads for the ${app}'s landing screen`];
  return landing.scripts
    .filter((file) => file.includes(`/${app}-records-`))
    .map((file) => `${landing.path}: ${file} is the record screens' chunk`);
}

/** Reads a first page's chunks: no PDF library, Preact and not React, no Spanish texts; returns its compressed size. */
function readFirstPage(root: string, chunks: ManifestChunk[], page: 'customer' | 'office', compress: (code: Buffer) => number): FirstPage {
  let total = 0;
  const sources: string[] = [];
  const codes: string[] = [];
  for (const chunk of chunks) {
    const file = path.join(root, chunk.file);
    const code = fs.readFileSync(file);
    codes.push(code.toString('utf8'));
    if (/jspdf/i.test(chunk.file) || code.includes('jsPDF')) {
      throw new Error(`the PDF library is in the ${page} first page's JavaScript (${chunk.file}); load it with import()`);
    }
    // Rolldown's runtime chunk has no map (no module of ours or a package's is in it).
    if (fs.existsSync(`${file}.map`))
      sources.push(...(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);
    total += compress(code);
  }
  const react = reactPackagesIn(sources);
  if (react.length || !hasPreact(sources)) {
    throw new Error(
      `the ${page} first page must run on preact/compat (vite.config.ts), but it has ${react.length ? react.join(', ') : 'no preact'}`,
    );
  }
  const spanish = spanishTextsIn(codes.join('\n'), page);
  if (spanish.length) {
    throw new Error(
      `the ${page} first page carries Spanish texts ("${spanish[0]}"); they are fetched when shown (web/${page}/i18n/index.ts)`,
    );
  }
  if (sources.some((source) => /(?:^|\/)node_modules\/zod\//.test(source)) && page === 'office') {
    throw new Error(`zod is in the office's first page; its endpoints there must be zod-free (contracts/office/me.ts)`);
  }
  return { total, chunks: chunks.length };
}

const brotli = (code: Buffer) =>
  zlib.brotliCompressSync(code, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length },
  }).length;

function main() {
  const root = path.resolve(process.argv[2] ?? 'dist/web');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const leaked = officeChunksInCustomerApp(manifest);
  if (leaked.length) throw new Error(`office code is reachable from the customer's page: ${leaked.join(', ')}`);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const customer = readFirstPage(root, initialChunks(manifest), 'customer', (code) => zlib.gzipSync(code, { level: 9 }).length);
  const line = `first page JavaScript: ${kb(customer.total)} gzip in ${customer.chunks} chunk(s); budget ${kb(BUDGET_GZIP_BYTES)}`;
  if (customer.total > BUDGET_GZIP_BYTES) throw new Error(`${line}: over budget`);
  console.log(line);

  const officeManifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'office-manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const office = readFirstPage(root, entryChunks(officeManifest, OFFICE_ENTRY), 'office', brotli);
  const officeLine = `office first page (/office/login) JavaScript: ${kb(office.total)} brotli in ${office.chunks} chunk(s); budget ${kb(OFFICE_BUDGET_BROTLI_BYTES)}`;
  if (office.total > OFFICE_BUDGET_BROTLI_BYTES) throw new Error(`${officeLine}: over budget`);
  console.log(officeLine);

  for (const app of ['customer', 'office'] as const) {
    const chunks = JSON.parse(fs.readFileSync(path.join(root, chunkFilesPath(app)), 'utf8')) as ChunkFiles;
    const { pages, missing } = pagePreloads(app, chunks);
    const problems = [
      ...missing,
      ...preloadProblems(pages, (file) => fs.existsSync(path.join(root, file))),
      ...landingProblems(app, pages),
    ];
    if (problems.length) throw new Error(`the ${app}'s page preloads: ${problems.join('; ')}`);
    console.log(`${app} page preloads: ${pages.length} signed-in pages`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
