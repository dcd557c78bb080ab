import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiProject = (name: string, db: 'embedded' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.api.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { PORTAL_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** Fault tests: each file runs its own PostgreSQL cluster (server/test/private-postgres.ts) and breaks it. */
const faultProject: TestProjectInlineConfiguration = {
  test: {
    name: 'faults',
    environment: 'node',
    include: ['server/faults/**/*.fault.test.ts'],
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
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/**/*.api.test.ts', 'server/**/*.fault.test.ts'],
          setupFiles: ['test/fail-on-console-error.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
        },
      },
      apiProject('api', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres'), faultProject] : []),
    ],
  },
});
