import type { Sample } from './workload';

export interface RouteFigures {
  route: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

function figures(route: string, samples: Sample[], seconds: number): RouteFigures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    route,
    requests: samples.length,
    perSecond: samples.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: samples.filter((s) => !s.ok).length,
  };
}

/** Per route in the given order, then overall. */
export function summarize(samples: Sample[], routes: string[], seconds: number): RouteFigures[] {
  return [
    ...routes.map((route) =>
      figures(
        route,
        samples.filter((s) => s.route === route),
        seconds,
      ),
    ),
    figures('overall', samples, seconds),
  ];
}

export function table(rows: RouteFigures[]): string {
  const head = ['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
  const body = rows.map((r) => [r.route, String(r.requests), r.perSecond.toFixed(1), r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...body.slice(0, -1).map(line),
    line(widths.map((w) => '-'.repeat(w))),
    line(body.at(-1)!),
  ].join('\n');
}
