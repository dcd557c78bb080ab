import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/ports';

/** The files with the longest tests (summed test time, docs/performance.md "Test suite time"). */
const LONG_FILES = [
  'office/axe.spec.ts',
  'loop/quote-to-work-order.spec.ts',
  'customer/screens.spec.ts',
  'customer/axe.spec.ts',
  'customer/pdf-documents.spec.ts',
  'office/phone.spec.ts',
  'office/quotes.spec.ts',
  'office/work-orders.spec.ts',
].map((file) => `**/${file}`);

/** End-to-end tests in Debian's Chromium (no browser download), against e2e/support/server.ts. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Four workers on the two cores (decision 262): a test's chain (worker, browser, server) waits on the others'
  // answers and on settled requests, and two such chains left the cores idle about half the time.
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  // A ceiling, not a pace (decision 193): at load average 25-29 on the two cores (other agents' builds),
  // tests of 20-25 s on a quiet machine passed 30 s; a real hang still fails, only later.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // A trace only when a failed test runs again (CI retries once; `--trace on` locally): recording every test
    // cost Chromium about a fifth of its CPU (decision 264).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The longest tests first (their files, then the rest): two workers that start them early end together,
  // instead of one worker finishing a long sweep alone at the end. One project in two parts, the same browser
  // and options; a test is in exactly one of them.
  projects: [
    { name: 'long', testMatch: LONG_FILES },
    { name: 'rest', testIgnore: LONG_FILES },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // A ceiling (decision 264): the stack's start passed 60 s at load average 27 on the two cores.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
