import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * S11 in the browser. The app's query client is tested as behaviour in
 * apps/web/src/lib/query-client.test.ts (focus, one retry, fresh for five minutes); here: a real
 * focus on a protected screen, whose session, list and overview live in that cache, refetches
 * none of them, even once they are stale. (The public pages have no query cache to test.)
 */
function apiRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'GET' && pathname.startsWith('/api/')) seen.push(pathname);
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

test('S11 no refetch on window focus on a protected screen, even once its data is stale', async ({
  page,
  signUpViaApi,
}) => {
  await page.clock.install();
  await signUpViaApi(page);
  const seen = apiRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('No proposals yet')).toBeVisible();
  const before = [...seen];
  expect(before).toContain('/api/session');
  expect(before).toContain('/api/proposals');

  await focusThenMarker(page);
  expect(seen, 'API reads after a focus').toEqual(before);

  // Six minutes later every query on the screen is stale (fresh for five): with React Query's own
  // default a focus would now refetch each of them; the app's default does not.
  await page.clock.fastForward('06:00');
  await focusThenMarker(page);
  expect(seen, 'API reads after a focus, data stale').toEqual(before);
});
