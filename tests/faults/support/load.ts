import { call, sleep, type CallResult } from './http';

export interface Customer {
  email: string;
  cookie: string;
}

/** What one request of the load was, and what came back: an HTTP status, or 'network' if none. */
export interface Outcome {
  startedAt: number;
  route: string;
  status: number | 'network';
  body: unknown;
  retryAfter: string | null;
  /** The body sent, to find a submission in the database afterwards. */
  sent: Record<string, string> | undefined;
}

export interface Step {
  route: string;
  path: string;
  body?: Record<string, string>;
}

/**
 * `concurrency` customers working at once, each in a loop choosing its next request with `next`,
 * until stop(). Every outcome is recorded, so a test can check afterwards what each one was told.
 */
export function startLoad(opts: {
  base: () => string;
  customers: Customer[];
  concurrency: number;
  next: (customer: Customer, seq: number) => Step;
}) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loop = async (worker: number) => {
    const customer = opts.customers[worker % opts.customers.length]!;
    for (let seq = 0; !stopped; seq++) {
      const step = opts.next(customer, seq);
      const startedAt = Date.now();
      let result: CallResult | undefined;
      try {
        result = await call(opts.base(), step.path, { cookie: customer.cookie, body: step.body });
      } catch {
        // No answer at all (connection refused or reset): recorded as 'network' below.
      }
      outcomes.push({
        startedAt,
        route: step.route,
        status: result?.status ?? 'network',
        body: result?.body,
        retryAfter: result?.headers.get('retry-after') ?? null,
        sent: step.body,
      });
      if (!result) await sleep(25);
    }
  };
  const loops = Array.from({ length: opts.concurrency }, (_, i) => loop(i));
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
