import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

/**
 * Global set-up of the `process` and `faults` projects: the server compiled once per run as `npm start` runs it
 * (scripts/build-server.ts: one bundled file, then plain Node), in a folder laid out as the project is
 * (package.json, dist/server, node_modules for the packages left outside the bundle). The tests start
 * that file, `node --enable-source-maps <folder>/dist/server/main.js`, from the project's folder. Under
 * tsx each start loaded and compiled about 1,200 modules first: 3.4-4.4 s of a core against 0.5 s for
 * the bundle (decision 265). The office command line (scripts/office.ts) is bundled beside it the same
 * way (decision 278).
 */
export default async function setup(project: TestProject) {
  // One build for the whole run: the `process` and `faults` projects' set-ups run in vitest's main process,
  // which the promise is kept in; the first teardown removes the folder once every project has run.
  const shared = globalThis as { portalServerBundle?: Promise<string> };
  shared.portalServerBundle ??= buildBundle();
  const folder = await shared.portalServerBundle;
  project.provide('serverBundle', folder);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

async function buildBundle(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-server-bundle-'));
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--outdir', path.join(folder, 'dist', 'server')],
    {
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`scripts/build-server.ts failed:\n${built.stdout}${built.stderr}`);
  await buildOfficeCommand(path.join(folder, 'dist', 'server'));
  fs.writeFileSync(path.join(folder, 'package.json'), '{"type":"module"}');
  fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'), 'dir');
  return folder;
}

/** The arguments of `node` that start the bundled server (as `npm start` does, source maps on). */
export const serverArgs = (folder: string) => ['--enable-source-maps', path.join(folder, 'dist', 'server', 'main.js')];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the bundled server: dist/server/main.js (tests/support/server-bundle.ts). */
    serverBundle: string;
  }
}

/**
 * The office command line (`npm run office`, scripts/office.ts) bundled as scripts/build-server.ts bundles
 * the server (the same esbuild options and packages left outside), into the server's folder, so the SQL
 * files it applies when it migrates are found beside it (dist/server/sql/). Started under tsx it loaded and
 * compiled about 1,100 modules at each of the office tests' six runs; plain Node loads one file (decision 278).
 */
async function buildOfficeCommand(outdir: string): Promise<void> {
  const source = fs.readFileSync('scripts/build-server.ts', 'utf8');
  // The packages build-server.ts leaves outside its bundle, read from it so the two lists cannot drift apart.
  const list = source.match(/const SERVER_EXTERNAL_PACKAGES = \[([^\]]*)\]/)?.[1];
  if (!list) throw new Error('scripts/build-server.ts no longer declares SERVER_EXTERNAL_PACKAGES: update tests/support/server-bundle.ts');
  const external = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  await build({
    entryPoints: ['scripts/office.ts'],
    outfile: path.join(outdir, 'office.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external,
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
}

/** The arguments of `node` that run the bundled office command line (`npm run office -- <args>`). */
export const officeArgs = (folder: string, args: string[]) => [
  '--enable-source-maps',
  path.join(folder, 'dist', 'server', 'office.js'),
  ...args,
];
