import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { PREACT_COMPAT } from './vite.config.ts';

/** API tests: the app in-process on a real, migrated database, next to the module they test and in tests/security. */
const apiProject = (name: string, db: 'embedded' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.api.test.ts', 'tests/**/*.api.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    env: { PORTAL_TEST_DB: db },
    // Files share a worker's loaded modules (the server's graph is imported once per worker, not once per
    // file: seconds each); each file still starts its own portal, on a database as the template left it (the one the worker's previous file emptied: decision 251).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Fault tests: each file runs its own PostgreSQL cluster (tests/support/private-postgres.ts) and breaks it. */
const faultProject: TestProjectInlineConfiguration = {
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.fault.test.ts'],
    // The bundled server, as `npm start` runs it, for the tests that start it as a process (decision 278).
    globalSetup: ['tests/support/server-bundle.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1). Most files wait on a database
    // server, a child process or a timer rather than on the CPU: three at a time fill the two cores best
    // (decision 268: the whole run 248-262 s with two, 211 s with three, 221 s with four, quiet machine).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'domain/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.fault.test.ts', '**/*.process.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          // A few start child processes (npm start's build check, the server's timeouts): beside the type
          // check and the lint (npm test runs them side by side) these pass 5 s; a slow test is not a failing one.
          testTimeout: 30_000,
        },
      },
      {
        // The server started as its own process, as production starts it (`npm start`: the bundled server, built
        // once per run by tests/support/server-bundle.ts, decision 265).
        test: {
          name: 'process',
          environment: 'node',
          include: ['tests/process/**/*.process.test.ts'],
          // The migrated embedded template (and the password hashes): servers whose first start is not under
          // test start on a copy of it instead of creating and migrating a database on disk (decision 197).
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/server-bundle.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          // Rendering under happy-dom on a loaded 2-core machine can pass 5 s; a slow test is not a failing one.
          testTimeout: 15_000,
          // The components both apps share, on React (DESIGN.md's pin; both apps ship on Preact, below).
          include: ['web/shared/**/*.test.{ts,tsx}'],
          // Files share a worker (its window and the libraries it loaded) instead of starting one each;
          // web-file-reset.ts gives each file fresh modules, storage, page and globals first. Both web
          // projects, quiet 2-core machine: 137-139 s of CPU and 72 s with a worker per file, 37-46 s and 21-25 s so.
          isolate: false,
          setupFiles: ['tests/support/web-file-reset.ts', 'tests/support/web-setup.ts'],
          // zod through Vite, so that each file's reset evaluates it again: zod takes its configuration object
          // when it is evaluated, and zod-jitless.test.ts sets it before importing zod, as the apps' entries do.
          server: { deps: { inline: [/\/node_modules\/zod\//] } },
        },
      },
      {
        // The customer's and the office's screens on Preact (preact/compat), as their builds ship them (vite.config.ts, decision 231),
        // and the shared components again (.tsx), which the customer's pages use too. The shared plain
        // modules (.ts: formats, PDF layout, status tones) render nothing, so the project `web` runs them
        // once. The libraries that import React are run through Vite (inlined) so that the aliases reach them.
        plugins: [react()],
        resolve: {
          alias: [
            ...Object.entries(PREACT_COMPAT).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement })),
            { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
            // The build the customer's page ships (vite.config.ts); Node would take its CommonJS build.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
            // Its ES build (the package's "module"; Node would load its CommonJS build, out of the aliases' reach).
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL('node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
              ),
            },
          ],
        },
        test: {
          name: 'web-customer',
          environment: 'happy-dom',
          testTimeout: 15_000,
          include: ['web/customer/**/*.test.{ts,tsx}', 'web/office/**/*.test.{ts,tsx}', 'web/shared/**/*.test.tsx'],
          // As the project `web`: one worker for many files, each file's start reset by web-file-reset.ts.
          isolate: false,
          setupFiles: ['tests/support/web-file-reset.ts', 'tests/support/web-setup.ts'],
          // i18next too, so that each file's reset gives it an i18next of its own, as a worker of its own did
          // (the customer's and the office's i18n modules each start the one instance with their own texts).
          server: {
            deps: {
              inline: [/@testing-library\/react/, /react-router/, /react-i18next/, /@tanstack\/react-query/, /\/node_modules\/i18next\//],
            },
          },
        },
      },
      apiProject('api', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres'), faultProject] : []),
    ],
  },
});
