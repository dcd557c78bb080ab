import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { isSealFailure, sealNext, type SealOptions } from './seal';

export interface SealWorkerOptions extends SealOptions {
  db: Kysely<Database>;
  logger: Logger;
  /** The copy e-mail was queued: the mail worker sends it without waiting for its poll. */
  onMailQueued: () => void;
  /** How often due seals are looked for (retries, and rows another instance left); 10 s by default. */
  pollMs?: number | undefined;
}

/**
 * The seal worker (decision 269), beside the mail worker: it seals the approvals' signed documents
 * after their commit, one transaction each (seal.ts), until none is due. `kick()` after an approval's
 * commit starts it at once; the poll picks up retries and what a stopped instance left. Several
 * instances may run it: each takes a row no other holds (FOR UPDATE SKIP LOCKED). A failed seal is
 * logged with its document and retried with backoff.
 */
export function startSealWorker(opts: SealWorkerOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const drainOnce = async () => {
    let sealed = 0;
    while (!stopped) {
      const result = await sealNext(opts.db, opts);
      if (!result) break;
      if (isSealFailure(result)) {
        opts.logger.error('signed document could not be sealed; it is tried again', {
          sealId: result.sealId,
          documentKind: result.documentKind,
          documentId: result.documentId,
          version: result.version,
          attempts: result.attempts,
          retryInSeconds: result.retryInSeconds,
          err: result.error,
        });
        continue;
      }
      sealed++;
      opts.onMailQueued();
    }
    return sealed;
  };
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOnce();
        } catch (err) {
          opts.logger.error('seal worker could not read its queue; it polls again', { err });
        }
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void tick(), opts.pollMs ?? 10_000);
  timer.unref();
  void tick();
  return {
    /** After an approval's commit: seal now. */
    kick: () => void tick(),
    /** Seals every due document; resolves when none is left (tests, the bench). */
    drain: () => tick(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type SealWorker = ReturnType<typeof startSealWorker>;
