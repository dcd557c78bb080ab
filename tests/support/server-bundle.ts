import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Global set-up of the `process` project: the server compiled once per run as `npm start` runs it
 * (scripts/build-server.ts: one bundled file, then plain Node), in a folder laid out as the project is
 * (package.json, dist/server, node_modules for the packages left outside the bundle). The tests start
 * that file, `node --enable-source-maps <folder>/dist/server/main.js`, from the project's folder. Under
 * tsx each start loaded and compiled about 1,200 modules first: 3.4-4.4 s of a core against 0.5 s for
 * the bundle (decision 265).
 */
export default function setup(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-server-bundle-'));
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--outdir', path.join(folder, 'dist', 'server')],
    {
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`scripts/build-server.ts failed:\n${built.stdout}${built.stderr}`);
  fs.writeFileSync(path.join(folder, 'package.json'), '{"type":"module"}');
  fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'), 'dir');
  project.provide('serverBundle', folder);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

/** The arguments of `node` that start the bundled server (as `npm start` does, source maps on). */
export const serverArgs = (folder: string) => ['--enable-source-maps', path.join(folder, 'dist', 'server', 'main.js')];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the bundled server: dist/server/main.js (tests/support/server-bundle.ts). */
    serverBundle: string;
  }
}
