/** No holder left within the wait allowed: the caller is told so instead of waiting on. */
export class SlotWaitTimeoutError extends Error {
  constructor() {
    super('no slot free in time');
    this.name = 'SlotWaitTimeoutError';
  }
}

/**
 * At most `size` holders at once; the others wait in order, each at most `maxWaitMs` when given.
 * Decoding a photo takes tens of MB of memory for a short while, so the server decodes a few at a
 * time, whatever the number of uploads.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>, maxWaitMs?: number): Promise<T> {
    if (this.active >= this.size) await this.waitTurn(maxWaitMs);
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Resolves when a holder hands its slot over; rejects (leaving the queue) after maxWaitMs. */
  private waitTurn(maxWaitMs: number | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              const index = this.waiting.indexOf(turn);
              if (index >= 0) this.waiting.splice(index, 1);
              reject(new SlotWaitTimeoutError());
            }, maxWaitMs);
      this.waiting.push(turn);
    });
  }

  get pending(): number {
    return this.waiting.length;
  }
}
