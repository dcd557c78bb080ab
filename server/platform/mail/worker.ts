import { CompiledQuery, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import type { Logger } from '../logger';
import { startPollingLoop } from '../polling-loop';

export type OutboxRow = Selectable<MailOutboxTable>;

/** Delivers one message or throws. `via` names where it went (smtp, log). */
export interface MailTransport {
  via: string;
  send(row: OutboxRow): Promise<void>;
  close?(): void;
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  logger: Logger;
  pollMs?: number;
  /** Messages claimed at once (50): under load one claim and one UPDATE serve many requests' e-mails. */
  batchSize?: number;
  /** How long a nudge waits before the pass (100 ms), so e-mails queued together go in one batch. */
  nudgeDelayMs?: number;
  /** How long a claimed message stays reserved for this worker before another may retry it. */
  leaseSeconds?: number;
  /** Seconds to wait before retrying a message that failed `attempts` times; retryDelaySeconds by default. */
  retryDelay?: (attempts: number) => number;
}

/** Exponential backoff: 30 s, 1 min, 2 min ... capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED and a lease, so several server instances on one
 * database never deliver the same message at the same time.
 */
async function claimDueMail(db: Kysely<Database>, batchSize: number, leaseSeconds: number) {
  const result = await sql<OutboxRow>`
    UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${leaseSeconds}),
                           attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows;
}

/** The UPDATE that marks `count` delivered messages sent, its text made once per count (the worker runs it after every batch). */
const markSentStatements = new Map<number, string>();
const markSentStatement = (count: number) => {
  let text = markSentStatements.get(count);
  if (text === undefined) {
    const ids = Array.from({ length: count }, (_, i) => `$${i + 3}`).join(', ');
    text = `UPDATE mail_outbox SET sent_at = $1, delivered_via = $2, locked_until = NULL, last_error = NULL WHERE id IN (${ids})`;
    markSentStatements.set(count, text);
  }
  return text;
};

/**
 * Delivers one claimed batch. The messages SMTP accepted are marked sent together, in one UPDATE
 * after the batch (one statement and one commit for up to batchSize messages, instead of one each),
 * and before a failure is recorded; a failure is recorded at once, for a retry. A process that dies
 * in the middle of a batch leaves its accepted messages claimed but unmarked: they are sent again
 * once the lease ends, as a message whose UPDATE was lost always was (delivery is at least once).
 */
export async function deliverDueMail(opts: MailWorkerOptions): Promise<number> {
  const { db, transport, logger } = opts;
  const rows = await claimDueMail(db, opts.batchSize ?? DEFAULT_BATCH, opts.leaseSeconds ?? 120);
  let sent: OutboxRow['id'][] = [];
  const markSent = async () => {
    if (!sent.length) return;
    const ids = sent;
    sent = [];
    await db.executeQuery(CompiledQuery.raw(markSentStatement(ids.length), [new Date(), transport.via, ...ids]));
  };
  for (const row of rows) {
    try {
      await transport.send(row);
      sent.push(row.id);
    } catch (err) {
      await markSent();
      const delay = (opts.retryDelay ?? retryDelaySeconds)(row.attempts);
      logger.warn('mail delivery failed; will retry', {
        mailId: row.id,
        kind: row.kind,
        attempts: row.attempts,
        retryInSeconds: delay,
        err,
      });
      await db
        .updateTable('mail_outbox')
        .set({
          last_error: err instanceof Error ? err.message.slice(0, 1000) : String(err),
          locked_until: null,
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${delay})`,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await markSent();
  return rows.length;
}

const DEFAULT_BATCH = 50;

/**
 * Polls the outbox; `nudge()` (called right after a message is queued) delivers within nudgeDelayMs.
 * A pass claims batch after batch while they come full, then waits for the next nudge or poll: under
 * load the e-mails of many requests share a claim and an UPDATE (decision 286), where claiming again
 * at once took the one or two queued meanwhile, a claim and an UPDATE each time.
 */
export function startMailWorker(opts: MailWorkerOptions) {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const loop = startPollingLoop({
    pollMs: opts.pollMs ?? 5_000,
    logger: opts.logger,
    failure: 'mail worker could not read the outbox',
    pass: async (stopped) => {
      while ((await deliverDueMail({ ...opts, batchSize })) === batchSize && !stopped()) {
        /* drain */
      }
    },
  });
  let nudged: NodeJS.Timeout | undefined;
  const nudge = () => {
    if (nudged || loop.isStopped()) return;
    nudged = setTimeout(() => {
      nudged = undefined;
      void loop.tick();
    }, opts.nudgeDelayMs ?? 100);
    nudged.unref();
  };
  return {
    nudge,
    drain: () => loop.tick(),
    /** For readiness: the worker polls until stop() is called. */
    isRunning: () => !loop.isStopped(),
    async stop() {
      clearTimeout(nudged);
      await loop.stop();
      opts.transport.close?.();
    },
  };
}
export type MailWorker = ReturnType<typeof startMailWorker>;
