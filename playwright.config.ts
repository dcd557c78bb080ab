import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/ports';

/**
 * The files with the longest tests (summed test time, docs/performance.md "Test suite time"), and those of a
 * single long test (33-45 s in the clean-clone run of 2026-11-26 at 13:05, where the 45 s one started 194th of 211).
 */
const LONG_FILES = [
  'office/axe.spec.ts',
  'loop/quote-to-work-order.spec.ts',
  'loop/request-to-job.spec.ts',
  'customer/screens.spec.ts',
  'customer/axe.spec.ts',
  'customer/portal-access.spec.ts',
  'customer/properties.spec.ts',
  'office/change-orders.spec.ts',
  'customer/signature.spec.ts',
  'customer/pdf-documents.spec.ts',
  'office/invoices.spec.ts',
  'office/phone.spec.ts',
  'office/quotes.spec.ts',
  'office/work-orders.spec.ts',
].map((file) => `**/${file}`);

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell, the same build as the chromium
 * package): the browser without the full one's window and UI layer, which Playwright itself uses for headless
 * runs. It cost Chromium less CPU on the whole suite (decision 275); the full browser where it is missing, and
 * CHROMIUM_PATH chooses another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
      executablePath: CHROMIUM,
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
    // Stopped with SIGTERM, not Playwright's default SIGKILL: the stack closes its database (on PostgreSQL the
    // run's own database is dropped; killed, each run left one behind) and its stand-ins.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
