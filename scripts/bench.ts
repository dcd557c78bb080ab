import crypto from 'node:crypto';
import os from 'node:os';
import { compareBare } from './bench/compare-bare';
import { compareSearch } from './bench/compare-search';
import { compareWrites } from './bench/compare-writes';
import { scratchDatabase } from './bench/database';
import { readOptions } from './bench/options';
import { summarize, table } from './bench/report';
import { BENCH_PASSWORD, seed } from './bench/seed';
import { freePort, startServer } from './bench/server';
import { signIn } from './bench/sign-in';
import { drive, routes, type BenchCustomer } from './bench/workload';

/**
 * `npm run bench`: starts the portal on PostgreSQL (a scratch database) in its own process, creates
 * customers with quotes and work orders, then drives concurrent signed-in customers with a mixed
 * workload for a fixed time and prints throughput, p50/p99 latency and errors per route and overall.
 */
const options = readOptions(process.argv.slice(2), process.env);
const port = await freePort();
const origin = `http://localhost:${port}`;
const database = await scratchDatabase(options.databaseUrl);
if (!options.databaseUrl) console.log('Note: no DATABASE_URL or TEST_DATABASE_URL; measuring the embedded database (one connection).');

const env = {
  ...database.env,
  NODE_ENV: 'production',
  APP_URL: origin,
  AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  // Every simulated customer signs in from its own (forwarded) address, as real ones would.
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
};

if (options.compare) {
  try {
    const compare = { quotes: compareBare, writes: compareWrites, search: compareSearch }[options.compare.workload];
    await compare(options.compare, database, env);
  } finally {
    await database.drop();
  }
  process.exit();
}

try {
  const started = Date.now();
  console.log(`Seeding ${options.customers} customers with ${options.records} quotes and ${options.records} work orders each ...`);
  const seeded = await seed(env, options.customers, options.records);
  const server = await startServer(env, port);
  try {
    const customers: BenchCustomer[] = [];
    for (let i = 0; i < seeded.length; i += 4) {
      customers.push(...(await Promise.all(seeded.slice(i, i + 4).map((c, j) => signIn(server.base, origin, c, BENCH_PASSWORD, i + j)))));
    }
    console.log(
      `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Driving ${options.concurrency} concurrent customers for ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s ...`,
    );
    const measureFrom = Date.now() + options.warmupSeconds * 1000;
    const { samples, errors } = await drive({
      base: server.base,
      origin,
      customers,
      concurrency: options.concurrency,
      measureFrom,
      until: measureFrom + options.durationSeconds * 1000,
    });
    const rows = summarize(samples, routes, options.durationSeconds);
    const cpu = os.cpus();
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `\nMachine: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, load average ${load}`,
    );
    console.log(`Database: ${database.describe}`);
    console.log(
      `Load: ${options.concurrency} concurrent customers of ${customers.length}, ${options.durationSeconds} s measured, server and load generator on this machine\n`,
    );
    console.log(table(rows));
    for (const [what, count] of errors) console.log(`  error x${count}: ${what}`);
    if (options.json) console.log(JSON.stringify({ options, database: database.describe, rows }, null, 2));
    process.exitCode = rows.at(-1)!.errors > 0 ? 1 : 0;
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}
