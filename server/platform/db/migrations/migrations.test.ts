import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sqlFiles, sqlSteps } from '../sql-files';
import { migrations } from './index';
import { landedMigrations } from './landed';

const folder = new URL('./', import.meta.url);
const files = fs
  .readdirSync(folder)
  .filter((name) => /^\d{3}_.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
  .map((name) => name.replace(/\.ts$/, ''));
const source = fs.readFileSync(new URL('index.ts', folder), 'utf8');
const number = (name: string) => Number(name.slice(0, 3));

describe('the migrations', () => {
  it('are each listed once in index.ts, by their file name, in order (imports and entries)', () => {
    expect(Object.keys(migrations)).toEqual([...files].sort());
    const imported = [...source.matchAll(/from '\.\/(\d{3}_[^']+)'/g)].map((m) => m[1]);
    expect(imported).toEqual([...files].sort());
    const listed = [...source.matchAll(/^\s*'(\d{3}_[^']+)':/gm)].map((m) => m[1]);
    expect(listed).toEqual([...files].sort());
  });

  it('have numbers used once', () => {
    const numbers = files.map(number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('take the next number: a new one sorts above every landed one, and none that landed is gone', () => {
    const highest = landedMigrations.at(-1)!;
    expect([...landedMigrations].sort()).toEqual([...landedMigrations]);
    for (const name of landedMigrations) expect(files, `${name} landed: never remove or rename it`).toContain(name);
    const fresh = files.filter((name) => !(landedMigrations as readonly string[]).includes(name));
    for (const name of fresh) {
      expect(number(name), `${name}: take a number above ${highest} (never fill a gap below it)`).toBeGreaterThan(number(highest));
    }
  });

  it('that apply the current SQL name existing migrations and files', () => {
    for (const [migration, listed] of Object.entries(sqlSteps)) {
      expect(files).toContain(migration);
      for (const file of listed) expect(sqlFiles).toContain(file);
    }
    expect(new Set(Object.values(sqlSteps).flat())).toEqual(new Set(sqlFiles));
    const onDisk = fs.readdirSync(new URL('../sql/', import.meta.url)).map((name) => name.replace(/\.sql$/, ''));
    expect(onDisk.sort()).toEqual([...sqlFiles].sort());
  });
});
