import { afterEach, beforeEach, vi } from 'vitest';

/** A console.error during a unit test is a bug the test did not assert on: fail it (epic-stack habit). */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});

/** For a test that expects errors to be logged: returns them (as text) and clears them. */
export function takeConsoleErrors(): string[] {
  const taken = errors.map((args) => args.map(String).join(' '));
  errors = [];
  return taken;
}
