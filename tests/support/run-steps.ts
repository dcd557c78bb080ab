import { spawn } from 'node:child_process';

/**
 * `npm test` and `npm run check`: the project's checks as steps, each started as soon as the steps it
 * needs have passed, so independent ones run side by side (the type check, the lint's ESLint and
 * Prettier, and the build together; then the unit and API tests, alone on the two cores; the
 * end-to-end tests once they and the build have passed). Each line a step prints comes under its
 * name; a summary of every step's time closes the run.
 *
 *   node tests/support/run-steps.ts test|check
 */
interface Step {
  name: string;
  command: string;
  /** Steps that must have passed first. */
  after?: string[];
  /** Steps that must have ended first, passed or not (they would only compete for the two cores). */
  afterEnded?: string[];
}

const PLANS: Record<string, Step[]> = {
  // The whole suite, as CI runs it.
  test: [
    { name: 'typecheck', command: 'npm run typecheck' },
    // `npm run lint` as two steps: ESLint and Prettier each on one core, beside the type check and the
    // build, rather than one after the other in a single step that would end last.
    { name: 'eslint', command: 'npx eslint .' },
    { name: 'prettier', command: 'npx prettier --check .' },
    { name: 'build', command: 'npm run build' },
    // The API tests measure time (the answer to an unknown address takes as long as to a known one) and
    // set up whole portals: they start once the CPU-bound steps above have ended, not beside them.
    { name: 'vitest', command: 'npx vitest run', afterEnded: ['typecheck', 'eslint', 'prettier', 'build'] },
    { name: 'check:bundle', command: 'npm run check:bundle', after: ['build'] },
    // After the vitest projects: the browsers' tests keep the machine's two cores to themselves.
    { name: 'playwright', command: 'npx playwright test', after: ['build', 'vitest'] },
  ],
  // The edit loop: what catches most mistakes in about a minute.
  check: [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'eslint', command: 'npx eslint .' },
    { name: 'prettier', command: 'npx prettier --check .' },
    { name: 'unit + web', command: 'npx vitest run --project unit --project web --project web-customer' },
  ],
};

const plan = PLANS[process.argv[2] ?? ''];
if (!plan) {
  process.stderr.write(`usage: node tests/support/run-steps.ts ${Object.keys(PLANS).join('|')}\n`);
  process.exit(2);
}

type Outcome = { status: 'passed' | 'failed' | 'skipped'; seconds: number };
const outcomes = new Map<string, Promise<Outcome>>();
const started = Date.now();
const elapsed = (since: number) => Math.round((Date.now() - since) / 100) / 10;

/** Plain text: colour codes in the middle of prefixed lines only garble a log. */
function withoutColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _force, ...rest } = env;
  return rest;
}

function run(step: Step): Promise<Outcome> {
  return new Promise((resolve) => {
    const since = Date.now();
    process.stdout.write(`[${step.name}] started at ${elapsed(started)} s: ${step.command}\n`);
    const child = spawn(step.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...withoutColor(process.env), NO_COLOR: '1' },
    });
    // Line by line, each under its step's name: steps side by side stay readable.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d: Buffer) => {
        const lines = (rest + d.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) process.stdout.write(`[${step.name}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${step.name}] ${rest}\n`));
    }
    child.on('close', (code) => {
      const status = code === 0 ? 'passed' : 'failed';
      process.stdout.write(`[${step.name}] ${status} in ${elapsed(since)} s\n`);
      resolve({ status, seconds: elapsed(since) });
    });
  });
}

function outcome(step: Step): Promise<Outcome> {
  let promise = outcomes.get(step.name);
  if (!promise) {
    const of = (names: string[] = []) => Promise.all(names.map((name) => outcome(plan!.find((s) => s.name === name)!)));
    promise = Promise.all([of(step.after), of(step.afterEnded)]).then(([needed]) =>
      needed.every((n) => n.status === 'passed') ? run(step) : { status: 'skipped' as const, seconds: 0 },
    );
    outcomes.set(step.name, promise);
  }
  return promise;
}

const results = await Promise.all(plan.map(async (step) => ({ step, ...(await outcome(step)) })));
process.stdout.write(`\n== ${process.argv[2]}: ${elapsed(started)} s in all\n`);
for (const r of results) process.stdout.write(`   ${r.status.padEnd(7)} ${String(r.seconds).padStart(6)} s  ${r.step.name}\n`);
process.exit(results.every((r) => r.status === 'passed') ? 0 : 1);
