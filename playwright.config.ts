import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testBrowserPath } from './scripts/test-browser.mjs';

/**
 * Browser tests against the real app: `node scripts/start.mjs` builds it when stale and serves
 * it on a free port with a fresh temporary data directory, and its mail goes over SMTP to a
 * sink (e2e/support/smtp-sink.ts) the tests read from.
 *
 * This module is evaluated by the runner and again by every worker. The ports and the data
 * directory are chosen once, by the runner, and handed down through process.env (workers
 * inherit the runner's environment), so every process agrees on them. Any of them can be set
 * from outside: E2E_PORT, E2E_SMTP_PORT, E2E_MAIL_PORT, E2E_DATA_DIR, and for the second app
 * ("integrations": the same app with outside services configured: a fake AI model and Stripe)
 * E2E_APP2_PORT, E2E_DATA_DIR2, E2E_AI_PORT, E2E_STRIPE_PORT.
 */
function freePort(): number {
  // Synchronous on purpose: the config is a plain module, evaluated before anything awaits.
  const out = execFileSync(process.execPath, [
    '-e',
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]);
  return Number(out.toString());
}

const env = process.env;
const isRunner = env.TEST_WORKER_INDEX === undefined;
env.E2E_PORT ??= String(freePort());
env.E2E_SMTP_PORT ??= String(freePort());
env.E2E_MAIL_PORT ??= String(freePort());
env.E2E_APP2_PORT ??= String(freePort());
env.E2E_AI_PORT ??= String(freePort());
env.E2E_STRIPE_PORT ??= String(freePort());
for (const key of ['E2E_DATA_DIR', 'E2E_DATA_DIR2'] as const) {
  if (env[key]) continue;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'draftwell-e2e-'));
  env[key] = dataDir;
  // The runner stops the web servers before it exits; the throwaway database goes with them.
  if (isRunner) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const baseURL = `http://127.0.0.1:${env.E2E_PORT}`;
const app2URL = `http://127.0.0.1:${env.E2E_APP2_PORT}`;

/** The test-mode credentials the integrations app and the local Stripe server share. */
const STRIPE_SECRET_KEY = 'sk_test_draftwell_e2e';
const STRIPE_WEBHOOK_SECRET = 'whsec_draftwell_e2e';
/** Stripe Connect on the integrations app (payments at acceptance, decision 0018). */
const STRIPE_CONNECT_CLIENT_ID = 'ca_draftwelle2e';
const STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_draftwell_e2e_connect';

const appEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  // PGlite in the temporary DATA_DIR unless a PostgreSQL is asked for explicitly.
  DATABASE_URL: env.E2E_DATABASE_URL ?? '',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${env.E2E_SMTP_PORT}`,
  CONTACT_EMAIL: 'team@draftwell.test',
  // Every test browses from 127.0.0.1, and sign-up alone allows 5 per minute per address:
  // the suite would trip the limits, which have their own API tests (apps/server/test).
  RATE_LIMIT: 'off',
  // Webhook endpoints on this machine over http: e2e/webhooks.spec.ts's receiver (decision 0021).
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1',
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two tests at a time, each in its own headless shell against the two app servers (which serve
  // both). On the 2-core machine the suite took 675 s with one worker in the full Chromium, and
  // 361 s with two in the headless shell (decision 0025); it passes so with a busy loop beside it.
  // Issue 13's busy-machine failures with two workers were waits that raced the page, since fixed.
  workers: 2,
  retries: 0,
  forbidOnly: !!env.CI,
  // A test's budget on the slowest machine it must pass on: a 2-core machine with another heavy
  // process beside the suite (issue 13) runs a browser test about twice as slowly as an idle one,
  // and the longest flows take 20-25 s idle. A hang still fails; nothing is retried.
  timeout: 60_000,
  expect: { timeout: 7_500 },
  // The JSON report feeds npm test's summary, which repeats each failure's error at the very end of
  // the output (scripts/failure-digest.mjs): a CI log's tail then says why, not only which.
  reporter: [['list'], ['html', { open: 'never' }], ['json', { outputFile: 'playwright-report/results.json' }]],
  use: {
    baseURL,
    // A failed test keeps its trace (each action's DOM snapshot, the network, the console) for
    // `npx playwright show-trace`; the screencast's frames are left out: recording them took about
    // 7% of the browser tests' time on the 2-core machine, and a failure's screenshot is kept below.
    // On CI (.ci/run sets CI) nothing is recorded: only the run's log comes back from a CI machine,
    // with each failure's error repeated at its end, and recording every test's trace in case it
    // fails took 15% of the browser tests' time. Rerun a CI failure here to get its trace.
    trace: env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // CHROMIUM_PATH, else Debian's Chromium headless shell, else its Chromium (decision 0025).
      executablePath: testBrowserPath(env),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node --import tsx e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${env.E2E_MAIL_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // The first run builds the web app and the server (~20-40 s) before it serves.
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: { ...appEnv, PORT: env.E2E_PORT, BASE_URL: baseURL, DATA_DIR: env.E2E_DATA_DIR! },
    },
    {
      command: 'node --import tsx e2e/support/ai-fake-server.ts',
      url: `http://127.0.0.1:${env.E2E_AI_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    // A Stripe-compatible server: the integrations app's Stripe SDK talks to it, the browser walks
    // through its Checkout and portal pages, and it posts signed webhooks back to the app.
    {
      command: 'node --import tsx e2e/support/stripe-fake-server.ts',
      url: `http://127.0.0.1:${env.E2E_STRIPE_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
      env: {
        E2E_STRIPE_PORT: env.E2E_STRIPE_PORT,
        E2E_STRIPE_WEBHOOK_URL: `${app2URL}/api/billing/webhook`,
        E2E_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        E2E_STRIPE_SECRET_KEY: STRIPE_SECRET_KEY,
        E2E_STRIPE_CONNECT_CLIENT_ID: STRIPE_CONNECT_CLIENT_ID,
        E2E_STRIPE_CONNECT_WEBHOOK_URL: `${app2URL}/api/payments/webhook`,
        E2E_STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_CONNECT_WEBHOOK_SECRET,
      },
    },
    // The "integrations" app: the same build (made by the entry above, which Playwright waits
    // for first, so two builds never race for dist) with outside services configured.
    {
      command: 'node scripts/start.mjs',
      url: `${app2URL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        ...appEnv,
        PORT: env.E2E_APP2_PORT,
        BASE_URL: app2URL,
        DATA_DIR: env.E2E_DATA_DIR2!,
        AI_BASE_URL: `http://127.0.0.1:${env.E2E_AI_PORT}/v1`,
        AI_MODEL: 'draftwell-test',
        AI_API_KEY: 'test-key',
        STRIPE_API_URL: `http://127.0.0.1:${env.E2E_STRIPE_PORT}`,
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_PRICE_PRO_MONTHLY: 'price_fake_pro_monthly',
        STRIPE_PRICE_PRO_YEARLY: 'price_fake_pro_yearly',
        STRIPE_PRICE_BUSINESS_MONTHLY: 'price_fake_business_monthly',
        STRIPE_PRICE_BUSINESS_YEARLY: 'price_fake_business_yearly',
        STRIPE_CONNECT_CLIENT_ID,
        STRIPE_CONNECT_WEBHOOK_SECRET,
      },
    },
  ],
});
