import { getDashboard } from '../../contracts/customer/dashboard';
import { getProfile } from '../../contracts/customer/profile';
import { listQuotes, requestQuoteRevision } from '../../contracts/customer/quotes';
import { listWorkOrders, submitWorkOrder } from '../../contracts/customer/work-orders';
import { pathOf, type Endpoint } from '../../contracts/endpoint';
import type { SeededCustomer } from './seed';

export interface BenchCustomer extends SeededCustomer {
  cookie: string;
}

export interface Request {
  route: string;
  path: string;
  body?: Record<string, string>;
}

/** A request of the mix, by its contract: the route is named and the path built from it, never written by hand. */
const call = (endpoint: Endpoint, params?: Record<string, number>, body?: Record<string, string>): Request => ({
  route: `${endpoint.method} ${endpoint.path}`,
  path: pathOf(endpoint, params),
  body,
});

/** The mix a busy portal sees: mostly reading, a quarter submitting. Weights sum to 100. */
const mix: { weight: number; make: (c: BenchCustomer, n: number) => Request }[] = [
  { weight: 25, make: () => call(getDashboard) },
  { weight: 20, make: () => call(listQuotes) },
  { weight: 20, make: () => call(listWorkOrders) },
  { weight: 10, make: () => call(getProfile) },
  {
    weight: 15,
    make: (_c, n) => call(submitWorkOrder, {}, { address: '1 Bench Street', description: `Bench request ${n}: door sticks.` }),
  },
  {
    weight: 10,
    make: (c, n) =>
      call(
        requestQuoteRevision,
        { id: c.quoteIds[n % c.quoteIds.length]! },
        { message: `Bench revision ${n}: could the price include removal of the old deck?` },
      ),
  },
];

export const routes = mix.map((m) => m.make({ email: '', quoteIds: [1], cookie: '' }, 0).route);

export function nextRequest(customer: BenchCustomer, n: number): Request {
  let pick = Math.random() * 100;
  for (const entry of mix) {
    pick -= entry.weight;
    if (pick < 0) return entry.make(customer, n);
  }
  return mix[0]!.make(customer, n);
}

export interface Sample {
  route: string;
  ms: number;
  ok: boolean;
}

/**
 * `concurrency` customers, each sending its next request as soon as the last is answered
 * (fetch keeps connections alive), until `until`. Samples started before `measureFrom` are dropped.
 */
export async function drive(opts: {
  base: string;
  origin: string;
  customers: BenchCustomer[];
  concurrency: number;
  measureFrom: number;
  until: number;
}) {
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  const loop = async (slot: number) => {
    let n = 0;
    while (Date.now() < opts.until) {
      const customer = opts.customers[(slot + n * opts.concurrency) % opts.customers.length]!;
      const req = nextRequest(customer, n++);
      const started = performance.now();
      const startedAt = Date.now();
      let ok = false;
      let problem = '';
      try {
        const res = await fetch(opts.base + req.path, {
          method: req.body ? 'POST' : 'GET',
          headers: { cookie: customer.cookie, origin: opts.origin, ...(req.body ? { 'content-type': 'application/json' } : {}) },
          body: req.body ? JSON.stringify(req.body) : undefined,
        });
        await res.arrayBuffer();
        ok = res.ok;
        problem = `HTTP ${res.status}`;
      } catch (err) {
        problem = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
      }
      if (startedAt < opts.measureFrom) continue;
      samples.push({ route: req.route, ms: performance.now() - started, ok });
      if (!ok) errors.set(`${req.route}: ${problem}`, (errors.get(`${req.route}: ${problem}`) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => loop(i)));
  return { samples, errors };
}
