import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONSENT_VERSION } from '../../contracts/signatures';
import type { BenchDatabase } from './database';
import { bulkEmail, bulkSeed } from './bulk-seed';
import { monotonicMicros, printProfiles, type ProfileWindow } from './cpu-profile';
import type { CompareOptions } from './options';
import { freePort, startServer } from './server';
import { startBare, stopBare } from './bare-process';
import { databaseServerPid } from './process-cpu';
import { answered, comparison, CPU_NOTE, loadAverage, machineLine, request, takeTurns, type Side } from './side-by-side';
import { signInMany, warmSessions } from './clone-sessions';
import { profileProperties, seedApprovableQuotes, type ApprovableQuote } from './write-seed';
import { drainSeals, holdSeals, waitForSeals } from './seal-backlog';
import { checkpoint, vacuumIfAutovacuumIsOff } from './autovacuum';
import { drainTime, unsentMail } from './mail-drain';

const PASSWORD = 'bench-password-2026';

/**
 * `npm run bench -- --compare-writes`: the write path side by side with a bare node:http + pg handler
 * doing the same durable writes in one transaction (bare-server.ts), on the same scratch database:
 * 1. a customer's work request (POST /api/work-orders, the Submit Request screen with its 'Property'),
 *    against BEGIN, the order's INSERT, the two e-mails' INSERT, COMMIT;
 * 2. a customer's approval (POST /api/quotes/:id/approve: the signature, its seal row, e-mails), against the
 *    same rows written with a PDF the portal made (the bare handler renders none); then the portal's seal
 *    worker drains the signed documents the approvals left (seal-backlog.ts, decision 269).
 * Many signed-in customers take turns, so the hourly limit of work requests is never reached.
 */
export async function compareWrites(options: CompareOptions, database: BenchDatabase, env: Record<string, string>) {
  if (!database.env.DATABASE_URL) throw new Error('--compare-writes needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL');
  if (options.customers < 2 * options.measured) throw new Error('--compare-writes needs --customers at least twice --measured');
  const databaseUrl = database.env.DATABASE_URL;
  const origin = env.APP_URL!;
  const profileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prof-')) : undefined;
  const bareProfileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'bare-prof-')) : undefined;
  const windows: { name: string; window: ProfileWindow }[] = [];
  const portal = await startServer(env, await freePort(), [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...options.portalNodeArgs,
  ]);
  let bare: ChildProcess | undefined;
  const results: string[] = [];
  try {
    const started = Date.now();
    const perSide = options.approvals;
    const perCustomer = Math.ceil((2 * perSide) / options.measured);
    console.log(
      `Seeding ${options.customers} customers (${options.measured} signed in), ${perCustomer * options.measured} sent quotes to approve ...`,
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
      quotes: 0,
      history: 1,
      otherQuotes: 0,
    });
    const quotes = options.only === 'requests' ? [] : await seedApprovableQuotes(databaseUrl, options.measured, perCustomer);
    const properties = await profileProperties(databaseUrl, 2 * options.measured);
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; signing ${options.measured} customers in ...`);
    const customers = Array.from({ length: options.measured }, (_, i) => bulkEmail(i));
    const cookies = await signInMany(portal.base, origin, databaseUrl, env.AUTH_SECRET!, customers, PASSWORD);
    // Each customer's session checked once before the turns (a GET of their orders), as the pages they
    // open before they send a request do: the turns measure the write, not 1,000 first session lookups
    // (at a loaded machine's speed most customers came first in the measured turns). The sessions in use
    // are read again together before their minute ends (decision 295), inside the turns.
    await warmSessions(
      portal.base,
      origin,
      customers.map((email) => cookies.get(email)!),
    );
    const barePort = await freePort();
    bare = await startBare(
      databaseUrl,
      barePort,
      options.barePool,
      bareProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${bareProfileDir}`] : [],
    );
    const bareUrl = `http://127.0.0.1:${barePort}`;
    console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    // 1. Work requests: customer after customer in turn.
    // Every customer in turn across the whole run (not per turn), so none reaches the hourly limit before all
    // have; the bare handler writes for other customers (its orders would count towards the portal's limit).
    const bareCustomers = Array.from({ length: options.measured }, (_, i) => bulkEmail(options.measured + i));
    const sent = { portal: 0, bare: 0 };
    const customerOf = (side: 'portal' | 'bare') => (side === 'portal' ? customers : bareCustomers)[sent[side]++ % options.measured]!;
    let sentRequests = 0;
    const orderBody = (email: string) => ({
      address: '1 Bench Street',
      description: `Request ${++sentRequests}: the kitchen tap drips and the cabinet under the sink is swelling. Mornings are best.`,
      propertyId: properties.get(email)!,
    });
    const portalHeaders = (email: string) => ({
      cookie: cookies.get(email)!,
      origin,
      'content-type': 'application/json',
      'user-agent': 'bench/1.0',
    });
    const submitPortal = (email: string) =>
      request(`${portal.base}/api/work-orders`, { method: 'POST', headers: portalHeaders(email), body: JSON.stringify(orderBody(email)) });
    const submitBare = (email: string) =>
      request(`${bareUrl}/work-orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: `Bench ${email}`, ...orderBody(email) }),
      });
    const submitSides: [Side, Side] = [
      { name: 'portal', pid: portal.child.pid, send: async () => answered(await submitPortal(customerOf('portal')), 201) },
      { name: 'bare', pid: bare.pid, send: async () => answered(await submitBare(customerOf('bare')), 201) },
    ];
    // The same answer from both, but for the order's id, its time, its description (the request's number) and
    // its property (the two write for different customers).
    const answers = await Promise.all([submitPortal(customers[0]!), submitBare(bareCustomers[0]!)]);
    const [fromPortal, fromBare] = answers.map((a) => {
      if (a.status !== 201) throw new Error(`a work request failed: ${a.status} ${a.body}`);
      const { id: _id, submitted_at: _at, description: _d, propertyId, ...rest } = JSON.parse(a.body) as Record<string, unknown>;
      if (typeof propertyId !== 'number') throw new Error(`a work request's answer has no property: ${a.body}`);
      return JSON.stringify(rest, Object.keys(rest).sort());
    });
    if (fromPortal !== fromBare) throw new Error(`the portal and the bare handler answer differently: ${fromPortal} / ${fromBare}`);

    // 2. Approvals: each side its own quotes (alternate ones of the seeded list), each approved once.
    const queues = { portal: quotes.filter((_, i) => i % 2 === 0), bare: quotes.filter((_, i) => i % 2 === 1) };
    const next = { portal: 0, bare: 0 };
    const take = (side: 'portal' | 'bare'): ApprovableQuote | undefined => queues[side][next[side]++];
    const approveSides: [Side, Side] = [
      {
        name: 'portal',
        pid: portal.child.pid,
        send: async () => {
          const quote = take('portal');
          if (!quote) return 'done';
          const res = await request(`${portal.base}/api/quotes/${quote.quoteId}/approve`, {
            method: 'POST',
            headers: portalHeaders(quote.email),
            body: JSON.stringify({
              version: 1,
              optionalItemIds: [],
              signerName: 'Bench Signer',
              accepted: true,
              consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
            }),
          });
          return answered(res, 201);
        },
      },
      {
        name: 'bare',
        pid: bare.pid,
        send: async () => {
          const quote = take('bare');
          if (!quote) return 'done';
          const res = await request(`${bareUrl}/approve`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: quote.email,
              name: `Bench ${quote.email}`,
              quoteId: quote.quoteId,
              version: 1,
              signerName: 'Bench Signer',
              ip: '127.0.0.1',
              userAgent: 'bench/1.0',
            }),
          });
          return answered(res, 201);
        },
      },
    ];
    // The portal's first (its PDF is the one the bare handler stores), then the bare handler's.
    if (options.only !== 'requests')
      for (const side of approveSides) {
        if ((await side.send(0, 0)) !== true) throw new Error(`the ${side.name} side's approval failed`);
        // Its PDF is made after the commit by the seal worker (decision 269); then the measured approvals are the requests alone.
        if (side.name === 'portal') await waitForSeals(databaseUrl);
      }
    if (options.only !== 'requests') await holdSeals(databaseUrl);

    const turns = {
      concurrency: options.concurrency,
      warmupSeconds: options.warmupSeconds,
      rounds: options.rounds,
      sliceSeconds: options.sliceSeconds,
      databasePid: await databaseServerPid(databaseUrl),
      afterSlice: await vacuumIfAutovacuumIsOff(databaseUrl),
    };
    if (turns.afterSlice)
      console.log('Autovacuum is off on this database server: the tables the turns write are vacuumed after each turn, as it would.');
    const workloads = [
      { name: 'work request', only: 'requests', title: 'POST /api/work-orders (Submit Request, a property of theirs)', sides: submitSides },
      {
        name: 'approval',
        only: 'approvals',
        title: 'POST /api/quotes/:id/approve (signature and seal row; the PDF sealed after, below; deposit none)',
        sides: approveSides,
      },
    ];
    for (const workload of workloads.filter((w) => !options.only || w.only === options.only)) {
      await checkpoint(databaseUrl); // the previous workload's writes written out before these turns
      console.log(
        `\n${workload.title}: warming both up for ${options.warmupSeconds} s, then ${options.rounds} turns of ${options.sliceSeconds} s each ...`,
      );
      const load = loadAverage();
      const from = monotonicMicros();
      const slices = await takeTurns(workload.sides[0], workload.sides[1], turns, `${workload.name}: `);
      windows.push({ name: workload.name, window: { from, to: monotonicMicros() } });
      const backlog = await unsentMail(databaseUrl);
      const loadAtEnd = loadAverage();
      const drained = await drainTime(databaseUrl, backlog);
      const result = comparison(slices);
      results.push(
        [
          `\n${workload.title}, ${options.concurrency} concurrent customers of ${options.measured} (load average at the start ${load}, at the end ${loadAtEnd})`,
          ...result.lines,
          `the portal's e-mails not yet sent by its worker right after the last turn: ${backlog}; ${drained}`,
        ].join('\n'),
      );
      if (options.json) results.push(JSON.stringify({ workload: workload.name, options, ...result }, null, 2));
      if (workload.only === 'approvals') {
        const drain = await drainSeals(databaseUrl, portal.child.pid);
        results.push(drain.lines.join('\n'));
        if (options.json) results.push(JSON.stringify({ workload: 'seal backlog', ...drain, lines: undefined }, null, 2));
      }
      if (result.portal.errors + result.bare.errors > 0 || slices.some((s) => s.ranOut)) process.exitCode = 1;
    }
    console.log(`\n${machineLine()}`);
    console.log(`Database: ${database.describe}`);
    console.log(results.join('\n'));
    console.log(`\n${CPU_NOTE}`);
  } finally {
    await stopBare(bare);
    await portal.stop();
    if (profileDir && bareProfileDir) printProfiles(profileDir, bareProfileDir, windows);
  }
}
