import { parseArgs } from 'node:util';

export interface BenchOptions {
  durationSeconds: number;
  warmupSeconds: number;
  customers: number;
  concurrency: number;
  /** Quotes and work orders seeded for each customer. */
  records: number;
  databaseUrl: string | undefined;
  json: boolean;
  /** Set with --compare-bare: the quotes list against a bare handler instead of the mixed workload. */
  compare?: CompareOptions;
}

export interface CompareOptions {
  /** quotes: GET /api/quotes (--compare-bare); writes: a work request and an approval (--compare-writes); search: the office's customer search (--compare-search). */
  workload: 'quotes' | 'writes' | 'search';
  customers: number;
  measured: number;
  records: number;
  history: number;
  otherRecords: number;
  concurrency: number;
  rounds: number;
  sliceSeconds: number;
  warmupSeconds: number;
  barePool: number;
  /** --compare-writes: quotes each side may approve (each once). */
  approvals: number;
  /** --compare-writes: only the work requests or only the approvals (both by default). */
  only: 'requests' | 'approvals' | undefined;
  profile: boolean;
  acceptEncoding: string;
  /** Extra arguments for node when it starts the portal (e.g. --trace-gc); the bare handler gets none. */
  portalNodeArgs: string[];
  /** How the load reads answers: fetch (decoded, as a browser) or node:http (the bytes as sent). */
  client: 'fetch' | 'http';
  json: boolean;
}

export const USAGE = `npm run bench -- [options]
  --duration <s>      measured time, default 20
  --warmup <s>        unmeasured time first, default 3 (10 with --compare-bare, split between the two)
  --customers <n>     customers created, default 50
  --concurrency <n>   customers working at once, default 20
  --records <n>       quotes and work orders seeded per customer, default 6
  --json              print the results as JSON too

  --compare-bare      GET /api/quotes against a bare node:http + pg handler running the same SQL
                      (PostgreSQL only), taking turns in one run; prints both and the ratios.
                      Defaults change to: --customers 1000 --concurrency 10 --records 50, and:
  --measured <n>      customers signed in and driven, default 50
  --history <n>       status rows per quote, default 5
  --other-records <n> quotes of each customer not driven, default 5
  --rounds <n>        turns per side, default 6
  --slice <s>         length of one turn, default 4
  --bare-pool <n>     the bare handler's pool size, default 10
  --accept-encoding <v> sent by the load, default "gzip, deflate, br" (a browser); "identity" to
                      leave the portal's compression out
  --client <c>        http (default): answers read with node:http as sent, not decoded, as wrk or
                      autocannon read them; fetch: read with fetch, gzip decoded as a browser would,
                      in the process that times both sides (its decoding and GC land in the timings)
  --compare-writes    the write path instead (PostgreSQL only): a customer's work request (POST
                      /api/work-orders) and approval (POST /api/quotes/:id/approve) against a bare
                      handler doing the same durable writes in one transaction. Defaults: --customers
                      4000 --measured 2000 (signed in, taking turns: the hourly limit of 30 work
                      requests is not reached below 60,000 requests, about 1,700 a second), and:
  --approvals <n>     sent quotes seeded for each side to approve, default 20000
  --only <w>          requests or approvals: measure only that one
  --compare-search    the office's customer search among 100,000 customers (--customers) against
                      the same SQL run bare on the same index, a mix of names, partial names,
                      accents, phone digits, e-mail parts and streets
  --profile           write a CPU profile of the portal process and print its top frames
  --portal-node-arg <a> an argument for node when it starts the portal, repeatable (e.g.
                      --portal-node-arg=--trace-gc); the bare handler is started without it
Database: a scratch database on the server of DATABASE_URL or TEST_DATABASE_URL (created and dropped);
with neither, the embedded database in a temporary directory.`;

const positive = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, not "${raw}"\n\n${USAGE}`);
  return value;
};

const readClient = (raw: string | undefined): CompareOptions['client'] => {
  if (raw === undefined || raw === 'http') return 'http';
  if (raw === 'fetch') return 'fetch';
  throw new Error(`--client must be fetch or http, not "${raw}"\n\n${USAGE}`);
};

const readOnly = (raw: string | undefined): CompareOptions['only'] => {
  if (raw === undefined || raw === 'requests' || raw === 'approvals') return raw;
  throw new Error(`--only must be requests or approvals, not "${raw}"\n\n${USAGE}`);
};

export function readOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      customers: { type: 'string' },
      concurrency: { type: 'string' },
      records: { type: 'string' },
      json: { type: 'boolean', default: false },
      'compare-bare': { type: 'boolean', default: false },
      'compare-writes': { type: 'boolean', default: false },
      'compare-search': { type: 'boolean', default: false },
      approvals: { type: 'string' },
      only: { type: 'string' },
      measured: { type: 'string' },
      history: { type: 'string' },
      'other-records': { type: 'string' },
      rounds: { type: 'string' },
      slice: { type: 'string' },
      'bare-pool': { type: 'string' },
      profile: { type: 'boolean', default: false },
      'accept-encoding': { type: 'string' },
      'portal-node-arg': { type: 'string', multiple: true },
      client: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, raw: string | undefined, fallback: number) => Math.round(positive(name, raw, fallback));
  const workload = values['compare-writes'] ? 'writes' : values['compare-search'] ? 'search' : 'quotes';
  const compare: CompareOptions | undefined =
    values['compare-bare'] || values['compare-writes'] || values['compare-search']
      ? {
          workload,
          customers: whole('customers', values.customers, workload === 'search' ? 100_000 : workload === 'writes' ? 4000 : 1000),
          measured: whole('measured', values.measured, workload === 'writes' ? 2000 : 50),
          records: whole('records', values.records, 50),
          history: whole('history', values.history, 5),
          otherRecords: values['other-records'] === '0' ? 0 : whole('other-records', values['other-records'], 5),
          concurrency: whole('concurrency', values.concurrency, 10),
          rounds: whole('rounds', values.rounds, 6),
          sliceSeconds: positive('slice', values.slice, 4),
          warmupSeconds: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 10),
          barePool: whole('bare-pool', values['bare-pool'], 10),
          approvals: whole('approvals', values.approvals, 20_000),
          only: readOnly(values.only),
          profile: values.profile,
          acceptEncoding: values['accept-encoding'] ?? 'gzip, deflate, br',
          portalNodeArgs: values['portal-node-arg'] ?? [],
          client: readClient(values.client),
          json: values.json,
        }
      : undefined;
  if (compare && compare.measured > compare.customers) throw new Error('--measured cannot exceed --customers');
  return {
    compare,
    durationSeconds: positive('duration', values.duration, 20),
    warmupSeconds: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 3),
    customers: Math.round(positive('customers', values.customers, 50)),
    concurrency: Math.round(positive('concurrency', values.concurrency, 20)),
    records: Math.round(positive('records', values.records, 6)),
    databaseUrl: env.DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    json: values.json,
  };
}
