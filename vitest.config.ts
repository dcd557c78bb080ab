import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** API tests: the app in-process on a real, migrated database, next to the module they test and in tests/security. */
const apiProject = (name: string, db: 'embedded' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.api.test.ts', 'tests/**/*.api.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    env: { PORTAL_TEST_DB: db },
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
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'domain/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.fault.test.ts', '**/*.process.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        // The server started as its own process (`node server/main.ts`), as production starts it.
        test: {
          name: 'process',
          environment: 'node',
          include: ['tests/process/**/*.process.test.ts'],
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
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      apiProject('api', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres'), faultProject] : []),
    ],
  },
});
