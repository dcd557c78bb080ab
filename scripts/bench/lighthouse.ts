import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { customerPages, officePages } from '../../contracts/pages';
import { scratchDatabase } from './database';
import { inviteBenchOwner, officeSession } from './office-session';
import { BENCH_PASSWORD, seed } from './seed';
import { freePort, startServer } from './server';
import { signIn } from './sign-in';

/**
 * `npm run bench:lighthouse`: Lighthouse 12's mobile run (its default: a mid-range phone, simulated
 * slow 4G and a 4x slower CPU) of five pages, three times each, on the built app served by the
 * compiled server on a scratch database: /login, the customer's dashboard and one quote page signed
 * in, /office/login, and the office's Inbox signed in. Prints each page's medians and the audits
 * that did not pass in its median run. Flags: --runs N, --json (every run's figures), --only a,b (the
 * pages whose name holds one of these words), --save DIR (each run's whole Lighthouse report, to read
 * its request chains and main-thread work, and its trace, `.trace.json`, for Chromium's performance panel).
 * The machine's load moves the CPU figures (TBT, and LCP through the simulated CPU): the load average
 * and Lighthouse's own benchmark index of this machine are printed with them.
 */
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const json = args.includes('--json');
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = flag('--only')?.split(',');
const saveDir = flag('--save');

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const METRICS = {
  score: (r: LhResult) => Math.round((r.categories.performance?.score ?? 0) * 100),
  FCP: (r: LhResult) => r.audits['first-contentful-paint']?.numericValue ?? NaN,
  LCP: (r: LhResult) => r.audits['largest-contentful-paint']?.numericValue ?? NaN,
  TBT: (r: LhResult) => r.audits['total-blocking-time']?.numericValue ?? NaN,
  CLS: (r: LhResult) => r.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  SI: (r: LhResult) => r.audits['speed-index']?.numericValue ?? NaN,
  'kB sent': (r: LhResult) => (r.audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
};
type LhResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (name: string, v: number) =>
  name === 'CLS' ? v.toFixed(3) : name === 'score' ? String(v) : name === 'kB sent' ? v.toFixed(0) : `${Math.round(v)} ms`;

/** Audits of the performance and best-practices categories that did not pass (informative ones left out). */
function failing(r: LhResult): string[] {
  const ids = ['performance', 'best-practices'].flatMap((c) => r.categories[c]?.auditRefs.map((a) => a.id) ?? []);
  return [...new Set(ids)]
    .map((id) => r.audits[id]!)
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

/**
 * One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, seen on a loaded machine) is
 * made again, up to twice.
 */
async function audit(url: string, cookie: string, attempt = 1): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>> {
  const run = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'best-practices'],
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
  });
  if (!run) throw new Error(`no Lighthouse result for ${url}`);
  if (!run.lhr.runtimeError) return run;
  if (attempt >= 3) throw new Error(`${url}: ${run.lhr.runtimeError.message}`);
  console.warn(`${url}: ${run.lhr.runtimeError.code}; running again`);
  return audit(url, cookie, attempt + 1);
}

/** What moved, from the layout-shifts audit: the element and its share of the CLS. */
function layoutShifts(page: string, r: LhResult): string[] {
  const details = r.audits['layout-shifts']?.details as
    { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined;
  return (details?.items ?? []).map(
    (item) => `- ${page}: ${item.score?.toFixed(3)} ${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`,
  );
}

const port = await freePort();
const origin = `http://localhost:${port}`;
const database = await scratchDatabase(process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const env = {
  ...database.env,
  NODE_ENV: 'production',
  APP_URL: origin,
  AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
};
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  const [customer] = await seed(env, 1, 6);
  const officeEmail = 'bench-owner@company.example';
  const token = await inviteBenchOwner(env, officeEmail);
  const server = await startServer(env, port);
  try {
    const customerCookie = (await signIn(server.base, origin, customer!, BENCH_PASSWORD, 0)).cookie;
    const officeCookie = await officeSession(server.base, origin, officeEmail, token);
    const pages = [
      { name: '/login', path: customerPages.login.href(), cookie: '' },
      { name: 'dashboard (signed in)', path: customerPages.dashboard.href(), cookie: customerCookie },
      { name: 'quote page (signed in)', path: customerPages.quote.href(customer!.quoteIds[0]!), cookie: customerCookie },
      { name: '/office/login', path: officePages.login.href(), cookie: '' },
      { name: 'office Inbox (signed in)', path: officePages.inbox.href(), cookie: officeCookie },
    ];
    if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
    const rows: string[] = [];
    const shifts: string[] = [];
    const all: Record<string, Record<string, number>[]> = {};
    let benchmarkIndex = NaN;
    for (const page of pages.filter((p) => !only || only.some((word) => p.name.includes(word)))) {
      const results: LhResult[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await audit(`${origin}${page.path}`, page.cookie);
        if (new URL(run.lhr.finalDisplayedUrl).pathname !== page.path)
          throw new Error(`${page.name} ended at ${run.lhr.finalDisplayedUrl} (not signed in?)`);
        benchmarkIndex = run.lhr.environment.benchmarkIndex;
        results.push(run.lhr);
        if (saveDir) {
          const file = `${saveDir}/${page.name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${i + 1}`;
          fs.writeFileSync(`${file}.json`, JSON.stringify(run.lhr));
          fs.writeFileSync(`${file}.trace.json`, JSON.stringify(run.artifacts.Trace));
        }
      }
      all[page.name] = results.map((r) => Object.fromEntries(Object.entries(METRICS).map(([k, f]) => [k, f(r)])));
      const medians = Object.entries(METRICS).map(([k, f]) => [k, median(results.map(f))] as const);
      const byScore = [...results].sort((a, b) => METRICS.score(a) - METRICS.score(b));
      const middle = byScore[Math.floor(byScore.length / 2)]!;
      rows.push(`| ${page.name} | ${medians.map(([k, v]) => show(k, v)).join(' | ')} | ${failing(middle).join(', ') || '-'} |`);
      shifts.push(...layoutShifts(page.name, middle));
      console.log(rows.at(-1));
    }
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, medians of ${runs} runs`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; benchmark index ${Math.round(benchmarkIndex)}\n`,
    );
    console.log(`| page | ${Object.keys(METRICS).join(' | ')} | audits not passed (median run) |`);
    console.log(
      `|---|${Object.keys(METRICS)
        .map(() => '---:')
        .join('|')}|---|`,
    );
    console.log(rows.join('\n'));
    if (shifts.length) console.log(`\nLayout shifts (median run):\n${shifts.join('\n')}`);
    if (json) fs.writeFileSync('dist/lighthouse.json', JSON.stringify(all, null, 2));
  } finally {
    await server.stop();
  }
} finally {
  chrome.kill();
  await database.drop();
}
