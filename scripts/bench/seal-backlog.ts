import pg from 'pg';
import { cpuTime } from './process-cpu';
import { loadAverage } from './side-by-side';

/**
 * The other half of a deferred approval (decision 269): the approval request records the signature and
 * a seal row; the signed PDF, its certificate and the copy are made after the commit by the portal's
 * seal worker. For `--compare-writes`, the measured approvals are the requests alone: while they run,
 * new seal rows are held (their run_after defaults to 'infinity' on the bench's scratch database; the
 * worker, kicked after every approval, still looks for a due row and finds none). After the turns the
 * rows are released and the worker drains the backlog: how long it takes, its rate, and the portal
 * process's CPU per document, measured while nothing else is asked of the portal.
 */

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const pendingCount = (client: pg.Client) =>
  client.query<{ n: number }>('SELECT count(*)::int AS n FROM signature_seals WHERE sealed_at IS NULL').then(({ rows }) => rows[0]!.n);

/** Waits until the seal worker has sealed every row (the portal's first approval, before the bare handler copies its PDF). */
export async function waitForSeals(databaseUrl: string, timeoutMs = 120_000): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const until = Date.now() + timeoutMs;
    while ((await pendingCount(client)) > 0) {
      if (Date.now() > until) throw new Error('the seal worker did not seal the first approval in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

/** From now on new seal rows wait (run_after 'infinity'): the measured approvals are the requests alone. */
export async function holdSeals(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query(`ALTER TABLE signature_seals ALTER COLUMN run_after SET DEFAULT 'infinity'`));
}

export interface SealDrain {
  documents: number;
  /** From the release to the last row sealed (the worker polls every 10 s: up to that before it starts). */
  wallSeconds: number;
  /** From the first seal to the last (sealed_at): the worker's own pace. */
  sealingSeconds: number;
  perSecond: number;
  /** The portal process's CPU (user + system) during the drain, per document. */
  cpuMsPerDocument: number | undefined;
  lines: string[];
}

/**
 * Releases the held rows and waits for the worker to seal them all; the figures of the drain. Nothing
 * else is asked of the portal meanwhile, so its CPU in that window is the seal worker's.
 */
export async function drainSeals(databaseUrl: string, portalPid: number | undefined, timeoutMs = 30 * 60_000): Promise<SealDrain> {
  return withClient(databaseUrl, async (client) => {
    await client.query(`ALTER TABLE signature_seals ALTER COLUMN run_after SET DEFAULT now()`);
    const load = loadAverage();
    const cpuBefore = cpuTime(portalPid);
    const released = Date.now();
    const { rows } = await client.query<{ id: string }>(
      `UPDATE signature_seals SET run_after = now() WHERE sealed_at IS NULL RETURNING id`,
    );
    const documents = rows.length;
    const until = released + timeoutMs;
    while ((await pendingCount(client)) > 0) {
      if (Date.now() > until) throw new Error(`the seal worker did not drain ${documents} documents in ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const wallSeconds = (Date.now() - released) / 1000;
    const cpuAfter = cpuTime(portalPid);
    const span = await client.query<{ seconds: number }>(
      `SELECT coalesce(extract(epoch FROM max(sealed_at) - min(sealed_at)), 0)::float8 AS seconds
         FROM signature_seals WHERE id = ANY ($1::bigint[])`,
      [rows.map((r) => r.id)],
    );
    const sealingSeconds = span.rows[0]!.seconds;
    const perSecond = sealingSeconds > 0 ? (documents - 1) / sealingSeconds : 0;
    const cpuMsPerDocument =
      cpuBefore !== undefined && cpuAfter !== undefined && documents ? (cpuAfter - cpuBefore) / documents : undefined;
    const lines = [
      `\nThe seal worker's backlog after the measured approvals (decision 269; load average at the release ${load}, at the end ${loadAverage()})`,
      `documents to seal: ${documents}`,
      `drained in ${wallSeconds.toFixed(1)} s from the release (the worker's 10 s poll included); sealing itself ${sealingSeconds.toFixed(1)} s`,
      `rate: ${perSecond.toFixed(1)} documents/s; the portal process's CPU per document: ${cpuMsPerDocument === undefined ? 'n/a' : `${cpuMsPerDocument.toFixed(2)} ms`}`,
    ];
    return { documents, wallSeconds, sealingSeconds, perSecond, cpuMsPerDocument, lines };
  });
}
