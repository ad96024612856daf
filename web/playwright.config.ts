import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  chromiumArgs,
  chromiumPath,
  hasBrowser,
  missingBrowserMessage,
  requireBrowser,
} from './e2e/browser';

// End-to-end tests drive the real binary (../bin/dwa, built by `make build`) on a fresh SQLite
// database with demo data; e2e/serve.mjs starts it.
const port = Number(process.env.DWA_E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// The server's data directory, known to the tests too: they read the mail it writes there.
process.env.DWA_E2E_DATA_DIR = join(tmpdir(), `dwa-e2e-${String(port)}`);

if (!hasBrowser) {
  if (requireBrowser) throw new Error(missingBrowserMessage);
  if (!process.env.TEST_WORKER_INDEX) console.warn(missingBrowserMessage);
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A test's budget, not a performance budget (those are make lighthouse and make bench): on a slow
  // 2-core machine with two workers, axe's analysis of one page took over 20 s and a multi-page
  // test over 30 s, three times their time elsewhere.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    // The built app registers a service worker; it would answer requests that specs intercept
    // with page.route. Only the specs about it (offline.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  // Without a browser every spec skips itself; do not start the server for nothing.
  webServer: hasBrowser
    ? {
        command: 'node e2e/serve.mjs',
        url: `${baseURL}/healthz`,
        env: { DWA_E2E_PORT: String(port), DWA_E2E_DATA_DIR: process.env.DWA_E2E_DATA_DIR },
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore', // the request log; failures and serve.mjs messages go to stderr
        stderr: 'pipe',
      }
    : undefined,
});
