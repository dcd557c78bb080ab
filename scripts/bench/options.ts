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
}

export const USAGE = `npm run bench -- [options]
  --duration <s>      measured time, default 20
  --warmup <s>        unmeasured time first, default 3
  --customers <n>     customers created, default 50
  --concurrency <n>   customers working at once, default 20
  --records <n>       quotes and work orders seeded per customer, default 6
  --json              print the results as JSON too
Database: a scratch database on the server of DATABASE_URL or TEST_DATABASE_URL (created and dropped);
with neither, the embedded database in a temporary directory.`;

const positive = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, not "${raw}"\n\n${USAGE}`);
  return value;
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
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    durationSeconds: positive('duration', values.duration, 20),
    warmupSeconds: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 3),
    customers: Math.round(positive('customers', values.customers, 50)),
    concurrency: Math.round(positive('concurrency', values.concurrency, 20)),
    records: Math.round(positive('records', values.records, 6)),
    databaseUrl: env.DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    json: values.json,
  };
}
