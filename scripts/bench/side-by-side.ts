import http from 'node:http';
import os from 'node:os';
import { cpuTime, databaseCpuTime } from './process-cpu';
import { percentile } from './report';

/**
 * What the side-by-side benches share (`--compare-bare`, `--compare-writes`, `--compare-search`):
 * two serving processes, the portal and a bare handler, driven by the same closed loop in turns of a
 * few seconds each (portal, bare, bare, portal, ...), so that both see the same machine and the
 * figures and ratios come from one run.
 */
export type SideName = 'portal' | 'bare';

export interface Side {
  name: SideName;
  /** The serving process, whose CPU time each slice reads (Linux /proc). */
  pid: number | undefined;
  /**
   * Sends request `n` of loop `slot`: resolves to true when it was answered as expected, false for an
   * error, 'done' when this side has nothing left to send (e.g. every quote to approve is approved).
   */
  send(slot: number, n: number): Promise<boolean | 'done'>;
}

export interface Slice {
  target: SideName;
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  /** CPU time the serving process used during the slice (user + system), when /proc tells. */
  cpuMs: number | undefined;
  /** CPU time the database server's processes used during the slice, when it runs here (databaseServerPid). */
  dbCpuMs?: number;
  /** The side had nothing left to send before the slice's time was up (its turn is not comparable). */
  ranOut?: boolean;
}

/** `concurrency` loops, each sending its next request when the last is answered, for `seconds`. */
export async function driveSide(side: Side, concurrency: number, seconds: number, databasePid?: number): Promise<Slice> {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuTime(side.pid);
  const dbBefore = databaseCpuTime(databasePid);
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = false;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, slot) => {
      for (let n = 0; !done && performance.now() < until; n++) {
        const t0 = performance.now();
        let outcome: boolean | 'done';
        try {
          outcome = await side.send(slot, n);
        } catch {
          outcome = false; // counted and reported with the figures
        }
        if (outcome === 'done') {
          done = true;
          break;
        }
        if (!outcome) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpuAfter = cpuTime(side.pid);
  const dbAfter = databaseCpuTime(databasePid);
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  const dbCpuMs = dbBefore !== undefined && dbAfter !== undefined ? dbAfter - dbBefore : undefined;
  return {
    target: side.name,
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    errors,
    cpuMs,
    dbCpuMs,
    ranOut: done,
  };
}

export interface Turns {
  concurrency: number;
  warmupSeconds: number;
  rounds: number;
  sliceSeconds: number;
  /** The database server's main process, when it runs on this machine: its CPU per request is read too. */
  databasePid?: number;
  /** Run after each measured slice, outside its time (the write bench's stand-in for autovacuum). */
  afterSlice?: () => Promise<void>;
}

/** Warm-up (half each, not measured), then `rounds` turns per side in alternating order. */
export async function takeTurns(portal: Side, bare: Side, turns: Turns, label = ''): Promise<Slice[]> {
  for (const side of [portal, bare]) {
    await driveSide(side, turns.concurrency, turns.warmupSeconds / 2, turns.databasePid);
    await turns.afterSlice?.();
  }
  const slices: Slice[] = [];
  for (let round = 0; round < turns.rounds; round++) {
    const order = round % 2 === 0 ? [portal, bare] : [bare, portal];
    for (const side of order) {
      slices.push(await driveSide(side, turns.concurrency, turns.sliceSeconds, turns.databasePid));
      await turns.afterSlice?.();
    }
    process.stdout.write(`  ${label}round ${round + 1}/${turns.rounds}: ${roundRatio(slices.slice(-2))}\n`);
  }
  return slices;
}

/** node:http on kept-alive connections, the body read as sent (not decoded). */
const agent = new http.Agent({ keepAlive: true });
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export function figures(slices: Slice[]) {
  const latencies = slices.flatMap((s) => s.latencies).sort((x, y) => x - y);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const measuredCpu = slices.every((s) => s.cpuMs !== undefined);
  const measuredDb = slices.every((s) => s.dbCpuMs !== undefined);
  return {
    cpuMsPerRequest: measuredCpu && latencies.length ? slices.reduce((sum, s) => sum + s.cpuMs!, 0) / latencies.length : undefined,
    dbCpuMsPerRequest: measuredDb && latencies.length ? slices.reduce((sum, s) => sum + s.dbCpuMs!, 0) / latencies.length : undefined,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    requests: latencies.length,
  };
}
export type Figures = ReturnType<typeof figures>;

export function roundRatio(pair: Slice[]): string {
  const portal = figures(pair.filter((s) => s.target === 'portal'));
  const bare = figures(pair.filter((s) => s.target === 'bare'));
  const ranOut = pair.filter((s) => s.ranOut).map((s) => `, the ${s.target} side ran out of work: its turn ended early`);
  return `portal ${portal.perSecond.toFixed(0)} req/s, bare ${bare.perSecond.toFixed(0)} req/s (${((100 * portal.perSecond) / bare.perSecond).toFixed(0)} %)${ranOut.join('')}`;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export function machineLine(): string {
  const cpu = os.cpus();
  return `Machine: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}, load average ${loadAverage()}`;
}

/** Both sides' figures and the ratios (the issue's targets beside them), as printed lines. */
export function comparison(slices: Slice[]): { lines: string[]; portal: Figures; bare: Figures; ratios: Ratios } {
  const portal = figures(slices.filter((s) => s.target === 'portal'));
  const bare = figures(slices.filter((s) => s.target === 'bare'));
  const row = (name: string, f: Figures) =>
    `${name.padEnd(8)} ${f.perSecond.toFixed(1).padStart(8)} ${f.p50.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${String(f.errors).padStart(6)} ${(f.cpuMsPerRequest?.toFixed(2) ?? '-').padStart(13)} ${(f.dbCpuMsPerRequest?.toFixed(2) ?? '-').padStart(16)}`;
  const ratios: Ratios = {
    throughput: portal.perSecond / bare.perSecond,
    p50: portal.p50 / bare.p50,
    p99: portal.p99 / bare.p99,
    cpu: portal.cpuMsPerRequest !== undefined && bare.cpuMsPerRequest ? portal.cpuMsPerRequest / bare.cpuMsPerRequest : undefined,
  };
  const cpuRatio = ratios.cpu !== undefined ? `, CPU per request ${ratios.cpu.toFixed(2)}x` : '';
  return {
    portal,
    bare,
    ratios,
    lines: [
      'target      req/s  p50 ms  p99 ms errors  CPU ms/req * DB CPU ms/req **',
      row('portal', portal),
      row('bare', bare),
      `portal / bare: throughput ${(100 * ratios.throughput).toFixed(0)} % (target >= 70 %), p99 ${ratios.p99.toFixed(2)}x (target <= 1.5x), p50 ${ratios.p50.toFixed(2)}x${cpuRatio}`,
      ...(slices.some((s) => s.ranOut)
        ? ['NOT COMPARABLE: a side ran out of work in a turn (with --compare-writes, raise --approvals)']
        : []),
    ],
  };
}
export interface Ratios {
  throughput: number;
  p50: number;
  p99: number;
  cpu: number | undefined;
}
export const CPU_NOTE = [
  "* the serving process's own CPU time per request (user + system); the database's and the load's are not in it.",
  '** the database server\'s CPU time per request (all its processes), when it runs on this machine; "-" when it does not.',
].join('\n');

/** Whether an answer is the expected one; the first few others are printed (status and body), for the figures' errors. */
let printed = 0;
export function answered(res: { status: number; body: string }, expected: number): boolean {
  if (res.status === expected) return true;
  if (printed++ < 5) process.stderr.write(`unexpected answer ${res.status}: ${res.body.slice(0, 300)}\n`);
  return false;
}
