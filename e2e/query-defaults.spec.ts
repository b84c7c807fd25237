import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * S11 in the browser. The defaults themselves (no refetch on focus, one retry, fresh for five
 * minutes) are unit-tested (apps/web/src/lib/query-client.test.ts); here: a real focus does not
 * refetch the session, even once the cached data is stale.
 */
function sessionRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/session') seen.push(r);
  });
  return seen;
}

/** Focus the window the ways React Query listens for, then a marker request, in that order. */
async function focusThenMarker(page: Page) {
  const marker = page.waitForRequest((r) => r.url().endsWith('/healthz?marker'));
  await page.evaluate(async () => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
    // Let every microtask and the next task run: a refetch, if any, would start in them.
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    await fetch('/healthz?marker');
  });
  await marker;
}

test('S11 no refetch of the session on window focus, on a public page', async ({ page }) => {
  await page.clock.install();
  const seen = sessionRequests(page);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => seen.length).toBe(1);

  await focusThenMarker(page);
  expect(seen, 'requests to /api/session after a focus').toHaveLength(1);

  // Six minutes later the cached session is stale (fresh for five): focus still does not refetch.
  await page.clock.fastForward('06:00');
  await focusThenMarker(page);
  expect(seen, 'requests to /api/session after a focus, data stale').toHaveLength(1);
});

test('S11 no refetch of the session on window focus, on a protected page', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  const seen = sessionRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const before = seen.length;
  expect(before).toBeGreaterThan(0);
  await focusThenMarker(page);
  expect(seen).toHaveLength(before);
});
