import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { BenchDatabase } from './database';
import { bulkEmail, bulkSeed } from './bulk-seed';
import type { CompareOptions } from './options';
import { freePort, startServer } from './server';
import { signIn } from './sign-in';
import type { BenchCustomer } from './workload';
import { monotonicMicros, summarizeProfile, type ProfileWindow } from './cpu-profile';
import { cpuTime } from './process-cpu';
import { figures, roundRatio } from './side-by-side';

const PASSWORD = 'bench-password-2026';

interface Target {
  name: 'portal' | 'bare';
  url: string;
  headers: (customer: number) => Record<string, string>;
  /** The serving process, whose CPU time each slice reads (Linux /proc). */
  pid: number | undefined;
}

interface Slice {
  target: Target['name'];
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  /** CPU time the serving process used during the slice (user + system), when /proc tells. */
  cpuMs: number | undefined;
}

/**
 * `npm run bench -- --compare-bare`: the portal's GET /api/quotes and a bare node:http + pg handler
 * running the same SQL (bare-server.ts), each in its own process on the same scratch database, driven
 * by the same closed loop of `concurrency` customers. The two take turns in short slices (portal,
 * bare, bare, portal, ...) so both see the same machine; figures and ratios come from one run.
 */
export async function compareBare(options: CompareOptions, database: BenchDatabase, env: Record<string, string>) {
  if (!database.env.DATABASE_URL) throw new Error('--compare-bare needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL');
  const databaseUrl = database.env.DATABASE_URL;
  const port = await freePort();
  const origin = env.APP_URL!;
  const profileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-')) : undefined;
  const bareProfileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'bare-prof-')) : undefined;
  let measured: ProfileWindow | undefined;
  const portal = await startServer(env, port, [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...options.portalNodeArgs,
  ]);
  const barePort = await freePort();
  let bare: ReturnType<typeof spawn> | undefined;
  try {
    const started = Date.now();
    console.log(
      `Seeding ${options.customers} customers (${options.measured} measured with ${options.records} quotes x ${options.history} status rows, the others ${options.otherRecords} quotes each) ...`,
    );
    const template = 'bench-template@bench.example';
    const signUp = await fetch(`${portal.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: template, password: PASSWORD, name: 'Template', phone: '555-0100', address: '1 Bench Road' }),
    });
    if (!signUp.ok) throw new Error(`template sign-up failed: ${signUp.status} ${await signUp.text()}`);
    await bulkSeed(databaseUrl, template, {
      customers: options.customers,
      measured: options.measured,
      quotes: options.records,
      history: options.history,
      otherQuotes: options.otherRecords,
    });
    const customers: BenchCustomer[] = [];
    for (let i = 0; i < options.measured; i += 4) {
      const batch = Array.from({ length: Math.min(4, options.measured - i) }, (_, j) => i + j);
      customers.push(
        ...(await Promise.all(batch.map((n) => signIn(portal.base, origin, { email: bulkEmail(n), quoteIds: [] }, PASSWORD, n)))),
      );
    }
    const bareArgs = bareProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${bareProfileDir}`] : [];
    bare = spawn(process.execPath, [...bareArgs, '--import', 'tsx', path.join('scripts', 'bench', 'bare-server.ts')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort), POOL_MAX: String(options.barePool) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      bare!.stdout!.once('data', () => resolve());
      bare!.once('exit', (code) => reject(new Error(`the bare handler exited (${code})`)));
    });
    console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const targets: Record<Target['name'], Target> = {
      portal: {
        name: 'portal',
        url: `${portal.base}/api/quotes`,
        headers: (i) => ({ cookie: customers[i]!.cookie, origin }),
        pid: portal.child.pid,
      },
      bare: {
        name: 'bare',
        url: `http://127.0.0.1:${barePort}/quotes`,
        headers: (i) => ({ 'x-bench-email': customers[i]!.email }),
        pid: bare.pid,
      },
    };
    // Same answer from both (the check that they run the same query on the same rows).
    const [a, b] = await Promise.all(
      [targets.portal, targets.bare].map((t) => fetch(t.url, { headers: t.headers(0) }).then((r) => r.json())),
    );
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the portal and the bare handler answer differently');
    const quoteCount = (a as { quotes: unknown[] }).quotes.length;

    console.log(`Warming both up for ${options.warmupSeconds} s ...`);
    for (const t of [targets.portal, targets.bare])
      await drive(t, options.concurrency, customers.length, options.warmupSeconds / 2, options.acceptEncoding, options.client);
    const slices: Slice[] = [];
    const from = monotonicMicros();
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? [targets.portal, targets.bare] : [targets.bare, targets.portal];
      for (const t of order)
        slices.push(await drive(t, options.concurrency, customers.length, options.sliceSeconds, options.acceptEncoding, options.client));
      process.stdout.write(`  round ${round + 1}/${options.rounds}: ${roundRatio(slices.slice(-2))}\n`);
    }
    measured = { from, to: monotonicMicros() };
    printResult(slices, options, quoteCount, database.describe);
  } finally {
    const bareExited = bare && bare.exitCode === null ? new Promise((resolve) => bare!.once('exit', resolve)) : undefined;
    bare?.kill('SIGTERM');
    await Promise.all([portal.stop(), bareExited]);
    // The measured rounds only: start-up, sign-ins and warm-up left out.
    if (profileDir && bareProfileDir) {
      console.log(`\nCPU profile of the portal process (${profileDir}), self time in the measured rounds:\n`);
      console.log(summarizeProfile(profileDir, 25, measured));
      console.log(`\nCPU profile of the bare handler (${bareProfileDir}), the same:\n`);
      console.log(summarizeProfile(bareProfileDir, 15, measured));
    }
  }
}

/**
 * `concurrency` loops (sending `encoding` as Accept-Encoding; the bare handler never compresses), each sending its next request when the last is answered, for `seconds`.
 * `client` 'fetch' reads answers as a browser's fetch does (gzip decoded, here in the timing process); 'http' reads the bytes as sent (node:http, not decoded).
 */
async function drive(
  target: Target,
  concurrency: number,
  customers: number,
  seconds: number,
  encoding: string,
  client: CompareOptions['client'],
): Promise<Slice> {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuTime(target.pid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, slot) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        try {
          const headers = { 'accept-encoding': encoding, ...target.headers((slot + n * concurrency) % customers) };
          if (client === 'http') {
            if ((await rawGet(target.url, headers)) !== 200) errors++;
          } else {
            const res = await fetch(target.url, { headers });
            await res.arrayBuffer();
            if (!res.ok) errors++;
          }
        } catch {
          errors++; // counted and reported with the figures
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpuAfter = cpuTime(target.pid);
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return { target: target.name, requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies, errors, cpuMs };
}

/** GET with node:http on kept-alive connections, the body read as sent (not decoded); resolves to the status. */
const rawAgent = new http.Agent({ keepAlive: true });
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: rawAgent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function printResult(slices: Slice[], options: CompareOptions, quoteCount: number, describe: string) {
  const portal = figures(slices.filter((s) => s.target === 'portal'));
  const bare = figures(slices.filter((s) => s.target === 'bare'));
  const cpu = os.cpus();
  console.log(
    `\nMachine: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`Database: ${describe}`);
  console.log(
    `Load: GET quotes list (${quoteCount} quotes x ${options.history} status rows), ${options.concurrency} concurrent customers, Accept-Encoding: ${options.acceptEncoding}, read with ${options.client === 'http' ? 'node:http (not decoded)' : 'fetch (decoded)'}, ${options.rounds} rounds of ${options.sliceSeconds} s per side, taking turns\n`,
  );
  const row = (name: string, f: ReturnType<typeof figures>) =>
    `${name.padEnd(8)} ${f.perSecond.toFixed(1).padStart(8)} ${f.p50.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${String(f.errors).padStart(6)} ${(f.cpuMsPerRequest?.toFixed(2) ?? '-').padStart(13)}`;
  console.log('target      req/s  p50 ms  p99 ms errors  CPU ms/req *');
  console.log(row('portal', portal));
  console.log(row('bare', bare));
  console.log(`\n* the serving process's own CPU time per request (user + system); the database's and the load's are not in it.`);
  const cpuRatio =
    portal.cpuMsPerRequest !== undefined && bare.cpuMsPerRequest
      ? `, CPU per request ${(portal.cpuMsPerRequest / bare.cpuMsPerRequest).toFixed(2)}x`
      : '';
  console.log(
    `\nportal / bare: throughput ${((100 * portal.perSecond) / bare.perSecond).toFixed(0)} % (target >= 70 %), p99 ${(portal.p99 / bare.p99).toFixed(2)}x (target <= 1.5x), p50 ${(portal.p50 / bare.p50).toFixed(2)}x${cpuRatio}`,
  );
  if (options.json) console.log(JSON.stringify({ options, portal, bare }, null, 2));
  process.exitCode = portal.errors + bare.errors > 0 ? 1 : 0;
}
