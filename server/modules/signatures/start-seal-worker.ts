import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { startPollingLoop } from '../../platform/polling-loop';
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
  const loop = startPollingLoop({
    pollMs: opts.pollMs ?? 10_000,
    logger: opts.logger,
    failure: 'seal worker could not read its queue; it polls again',
    pass: async (stopped) => {
      while (!stopped()) {
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
        opts.onMailQueued();
      }
    },
  });
  return {
    /** After an approval's commit: seal now. */
    kick: () => void loop.tick(),
    /** Seals every due document; resolves when none is left (tests, the bench). */
    drain: () => loop.tick(),
    stop: () => loop.stop(),
  };
}
export type SealWorker = ReturnType<typeof startSealWorker>;
