import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildFingerprint } from './build-fingerprint';

const script = path.resolve('scripts/start/build-if-stale.js');

/** A project folder whose `npm run build` writes the outputs and counts how often it ran. */
function fakeProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
  const build = [
    "const fs=require('fs');",
    "for (const d of ['dist/server','dist/web/office']) fs.mkdirSync(d,{recursive:true});",
    "fs.writeFileSync('dist/server/main.js','');",
    "fs.writeFileSync('dist/web/index.html','');",
    "fs.writeFileSync('dist/web/office/index.html','');",
    "fs.appendFileSync('builds.txt','x');",
  ].join('');
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'fake', scripts: { build: `node -e "${build}"` } }));
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
  fs.mkdirSync(path.join(root, 'web'));
  fs.writeFileSync(path.join(root, 'web', 'page.ts'), 'export const a = 1;');
  return root;
}

const start = (root: string) =>
  spawnSync(process.execPath, [script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'silent' },
  });
const builds = (root: string) => fs.readFileSync(path.join(root, 'builds.txt'), 'utf8').length;

describe('npm start builds only what changed', () => {
  let root: string;
  beforeEach(() => {
    root = fakeProject();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds on the first start and not on the second', () => {
    expect(start(root).status).toBe(0);
    const second = start(root);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/build is up to date/);
    expect(builds(root)).toBe(1);
  });

  it('builds again after a source or the lock file changes, or when an output is missing', () => {
    start(root);
    fs.writeFileSync(path.join(root, 'web', 'page.ts'), 'export const a = 2;');
    start(root);
    expect(builds(root)).toBe(2);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"changed":true}');
    start(root);
    expect(builds(root)).toBe(3);
    fs.rmSync(path.join(root, 'dist', 'server', 'main.js'));
    start(root);
    expect(builds(root)).toBe(4);
  });

  it('does not trust a build that failed', () => {
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'fake', scripts: { build: 'node -e "process.exit(3)"' } }));
    const run = start(root);
    expect(run.status).toBe(3);
    expect(fs.existsSync(path.join(root, 'dist', '.build-fingerprint'))).toBe(false);
  });

  it('`npm start` (start.js) serves the built server in its own process, with no TypeScript loader', () => {
    const run = () =>
      spawnSync(process.execPath, [path.resolve('scripts/start/start.js')], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, npm_config_loglevel: 'silent' },
      });
    expect(run().status).toBe(0);
    // The built server of this fake project says which Node flags run it.
    fs.writeFileSync(
      path.join(root, 'dist', 'server', 'main.js'),
      "require('fs').writeFileSync('served.json', JSON.stringify({ execArgv: process.execArgv }));",
    );
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/build is up to date/);
    expect(builds(root)).toBe(1);
    const served = JSON.parse(fs.readFileSync(path.join(root, 'served.json'), 'utf8')) as { execArgv: string[] };
    expect(served.execArgv).toEqual([]);
  });

  it('depends on file contents, not on file times', () => {
    const before = buildFingerprint(root);
    const file = path.join(root, 'web', 'page.ts');
    fs.utimesSync(file, new Date(2020, 1, 1), new Date(2020, 1, 1));
    expect(buildFingerprint(root)).toBe(before);
  });
});
