import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BenchDatabase } from './database';
import { monotonicMicros, summarizeProfile, type ProfileWindow } from './cpu-profile';
import { startBare, stopBare } from './bare-process';
import { inviteBenchOwner, officeSession } from './office-session';
import type { CompareOptions } from './options';
import { freePort, startServer } from './server';
import { databaseServerPid } from './process-cpu';
import { comparison, CPU_NOTE, loadAverage, machineLine, request, takeTurns, type Side } from './side-by-side';

/** What the office types, by kind (the list): each kind is measured in every turn. */
export const SEARCH_TERMS: Record<string, string[]> = {
  names: ['nguyen', 'maria garcia', 'okafor'],
  'partial names': ['garc', 'ander', 'wil'],
  accents: ['Núñez', 'nunez', 'LÓPEZ', 'joão'],
  'phone digits': ['555 042', '5556944242', '(555) 731', '694-4242'],
  'e-mail parts': ['john.hall4242', 'hall4242@', 'okafor77'],
  streets: ['4242 main', 'maple ave', 'elm street'],
};

const FIRST = [
  'María',
  'José',
  'John',
  'Linh',
  'Emeka',
  'Ana',
  'David',
  'Sarah',
  'João',
  'Fatima',
  'Wei',
  'Olga',
  'Peter',
  'Lucía',
  'Ahmed',
  'Grace',
];
const LAST = [
  'García', 'Smith', 'Nguyen', 'Johnson', 'Okafor', 'López', 'Miller', 'Davis', 'Wilson', 'Núñez', 'Taylor', 'Anderson', 'Thomas',
  'Jackson', 'White', 'Harris', 'Martin', 'Thompson', 'Martínez', 'Robinson', 'Clark', 'Rodríguez', 'Lewis', 'Lee', 'Walker', 'Hall',
  'Allen', 'Young', 'Hernández', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Ramírez', 'Campbell', 'Mitchell',
]; // prettier-ignore
const STREETS = ['Main Street', 'Maple Ave', 'Oak Drive', 'Elm Street', 'Cedar Lane', 'Pine Road', 'Lakeview Blvd', 'Sunset Way'];

/**
 * `customers` office customers written in a few set-based statements: names from a first-name and a
 * surname list (accented ones among them), e-mails made of both (unaccented) and the number, phones
 * as typed with varied digits, addresses on a few streets, an account number for a third, and a
 * third of them registered ("user"), so the join to the accounts is planned as in real life.
 */
export async function seedOfficeCustomers(databaseUrl: string, customers: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (name, email, phone, address, account_number)
       SELECT f.name || ' ' || l.name,
              lower(public.unaccent(f.name) || '.' || public.unaccent(l.name)) || n || '@example.com',
              '(555) ' || lpad(((n * 7) % 1000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
              (1 + n % 9000) || ' ' || ($3::text[])[1 + (n / 7) % array_length($3::text[], 1)],
              CASE WHEN n % 3 = 0 THEN 'NWB-' || lpad(n::text, 6, '0') END
         FROM generate_series(1, $4::int) AS n
         CROSS JOIN LATERAL (SELECT ($1::text[])[1 + n % array_length($1::text[], 1)] AS name) AS f
         CROSS JOIN LATERAL (SELECT ($2::text[])[1 + (n / 16) % array_length($2::text[], 1)] AS name) AS l`,
      [FIRST, LAST, STREETS, customers],
    );
    await client.query(
      `INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
       SELECT 'bench-' || c.id, c.name, lower(c.email), c.id % 2 = 0, now(), now(), 'customer' FROM customers AS c WHERE c.id % 3 = 1`,
    );
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * `npm run bench -- --compare-search`: the office's customer search (GET /api/office/customers?q=) as
 * a signed-in office owner, against the same SQL run by the bare handler (bare-server.ts) on the same
 * trigram index, among `customers` customers; every kind of term of SEARCH_TERMS in turn.
 */
export async function compareSearch(options: CompareOptions, database: BenchDatabase, env: Record<string, string>) {
  if (!database.env.DATABASE_URL) throw new Error('--compare-search needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL');
  const databaseUrl = database.env.DATABASE_URL;
  const origin = env.APP_URL!;
  const profileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-')) : undefined;
  const bareProfileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'bare-prof-')) : undefined;
  let window: ProfileWindow | undefined;
  const started = Date.now();
  const officeEmail = 'owner@bench.example';
  console.log(`Migrating, inviting an office owner, seeding ${options.customers.toLocaleString('en')} customers ...`);
  const token = await inviteBenchOwner(env, officeEmail);
  await seedOfficeCustomers(databaseUrl, options.customers);
  const portal = await startServer(env, await freePort(), [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...options.portalNodeArgs,
  ]);
  let bare: ChildProcess | undefined;
  try {
    const cookie = await officeSession(portal.base, origin, officeEmail, token);
    const barePort = await freePort();
    bare = await startBare(
      databaseUrl,
      barePort,
      options.barePool,
      bareProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${bareProfileDir}`] : [],
    );
    console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    const terms = Object.values(SEARCH_TERMS).flat();
    const portalSearch = (q: string) =>
      request(`${portal.base}/api/office/customers?q=${encodeURIComponent(q)}&limit=25`, {
        headers: { cookie, origin, 'accept-encoding': options.acceptEncoding },
      });
    const bareSearch = (q: string) => request(`http://127.0.0.1:${barePort}/search?q=${encodeURIComponent(q)}`);
    // The same customers from both for every term (checked with the answers as JSON, not compressed).
    const matches: string[] = [];
    for (const q of terms) {
      const [a, b] = await Promise.all([
        request(`${portal.base}/api/office/customers?q=${encodeURIComponent(q)}&limit=25`, { headers: { cookie, origin } }),
        bareSearch(q),
      ]);
      if (a.status !== 200 || b.status !== 200) throw new Error(`search "${q}": ${a.status} ${a.body} / ${b.status} ${b.body}`);
      const [pa, ba] = [a, b].map((r) => JSON.stringify((JSON.parse(r.body) as { customers: unknown[] }).customers));
      if (pa !== ba) throw new Error(`search "${q}": the portal and the bare handler answer differently:\n${pa}\n${ba}`);
      matches.push(
        `${q} (${(JSON.parse(a.body) as { customers: unknown[] }).customers.length}${JSON.parse(a.body).nextCursor ? '+' : ''})`,
      );
    }
    console.log(`Terms (first page's customers; + when more follow): ${matches.join(', ')}`);
    const termOf = (slot: number, n: number) => terms[(slot + n * options.concurrency) % terms.length]!;
    const sides: [Side, Side] = [
      { name: 'portal', pid: portal.child.pid, send: async (slot, n) => (await portalSearch(termOf(slot, n))).status === 200 },
      { name: 'bare', pid: bare.pid, send: async (slot, n) => (await bareSearch(termOf(slot, n))).status === 200 },
    ];
    const load = loadAverage();
    console.log(`Warming both up for ${options.warmupSeconds} s, then ${options.rounds} turns of ${options.sliceSeconds} s each ...`);
    const from = monotonicMicros();
    const slices = await takeTurns(sides[0], sides[1], {
      concurrency: options.concurrency,
      warmupSeconds: options.warmupSeconds,
      rounds: options.rounds,
      sliceSeconds: options.sliceSeconds,
      databasePid: await databaseServerPid(database.env.DATABASE_URL),
    });
    window = { from, to: monotonicMicros() };
    const result = comparison(slices);
    console.log(`\n${machineLine()} (at the start ${load})`);
    console.log(`Database: ${database.describe}`);
    console.log(
      `Load: GET /api/office/customers?q= among ${options.customers.toLocaleString('en')} customers, ${terms.length} terms in turn (${Object.keys(SEARCH_TERMS).join(', ')}), ${options.concurrency} concurrent, Accept-Encoding: ${options.acceptEncoding}\n`,
    );
    console.log(result.lines.join('\n'));
    console.log(`\n${CPU_NOTE}`);
    if (options.json) console.log(JSON.stringify({ workload: 'search', options, ...result }, null, 2));
    process.exitCode = result.portal.errors + result.bare.errors > 0 ? 1 : 0;
  } finally {
    await stopBare(bare);
    await portal.stop();
    if (profileDir && bareProfileDir && window) {
      console.log(`\nCPU profile of the portal process (${profileDir}), self time in the measured turns:\n`);
      console.log(summarizeProfile(profileDir, 30, window));
      console.log(`\nCPU profile of the bare handler (${bareProfileDir}), the same:\n`);
      console.log(summarizeProfile(bareProfileDir, 12, window));
    }
  }
}
