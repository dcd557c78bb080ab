import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * Issue 27 item 4: no warning from Vite's configuration at every build. Vite checks the configuration's
 * whole import graph for what its coming native loader cannot load, and an extensionless relative
 * import anywhere in it (the contracts' imports, when the configuration once imported them for the
 * page preloads) printed 31 lines, three times. This follows the graph from vite.config.ts.
 */
it("the Vite configuration's own imports, and theirs, name their files with extensions", () => {
  const root = path.resolve(import.meta.dirname, '..');
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      if (!/\.(ts|js|mjs|json)$/.test(spec!)) problems.push(`${path.relative(root, file)}: '${spec}'`);
      else visit(path.resolve(path.dirname(file), spec!));
    }
  };
  visit(path.join(root, 'vite.config.ts'));
  expect(problems).toEqual([]);
  expect(seen.size).toBeGreaterThan(3);
});

/**
 * Nor a notice from the bundler at every build (rolldown 1.x, with Vite 8.3.8): a code-splitting group
 * whose name is a function needs a `debugName`, the group's label in the bundler's timing report.
 */
it('labels every code-splitting group whose name is a function', async () => {
  const { default: config } = await import('../vite.config');
  type Group = { name: unknown; debugName?: string };
  const resolved = typeof config === 'function' ? await config({ command: 'build', mode: 'production' }) : config;
  const environments = Object.entries(resolved.environments ?? {}) as [string, { build?: { rollupOptions?: { output?: unknown } } }][];
  const groups = environments.flatMap(([environment, options]) => {
    const output = options.build?.rollupOptions?.output as { codeSplitting?: { groups?: Group[] } } | undefined;
    return (output?.codeSplitting?.groups ?? []).map((group) => ({ environment, ...group }));
  });
  expect(groups.length).toBeGreaterThanOrEqual(4);
  expect(groups.filter((group) => typeof group.name === 'function' && !group.debugName)).toEqual([]);
});
