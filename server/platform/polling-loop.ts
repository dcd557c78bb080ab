import type { Logger } from './logger';

export interface PollingLoopOptions {
  /** One pass over what is due; `stopped()` says the loop is being stopped (a long pass ends early). */
  pass: (stopped: () => boolean) => Promise<unknown>;
  pollMs: number;
  logger: Logger;
  /** Logged with the error when a pass throws; the next tick tries again. */
  failure: string;
}

/**
 * A background worker's loop (the mail worker, the seal worker): one pass at a time, at start, every
 * `pollMs` and on `tick()`; a tick during a pass runs one more pass after it (what was queued meanwhile
 * is not left for the next poll). `stop()` waits for the pass under way.
 */
export function startPollingLoop(opts: PollingLoopOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;
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
          await opts.pass(isStopped);
        } catch (err) {
          opts.logger.error(opts.failure, { err });
        }
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void tick(), opts.pollMs);
  timer.unref();
  void tick();
  return {
    /** Runs a pass now (or one more after the pass under way); resolves when the loop is idle again. */
    tick,
    isStopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
