import { expect, test } from './fixtures';

test('S5 a screen loads on demand and shows Loading... meanwhile', async ({ page }) => {
  // The landing page is prerendered: its heading shows before its code has hydrated it, and a
  // click then would load /about as a new document. The app opens its realtime socket from an
  // effect, so once the socket is there the app is running and follows links in place.
  const socket = page.waitForEvent('websocket');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await socket;

  // From now on every script request waits until the test lets it through.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const requested: string[] = [];
  await page.route('**/assets/*.js', async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByText('Loading...')).toBeVisible();
  // The screen's code was not part of the first load: it is being fetched now.
  await expect.poll(() => requested.length).toBeGreaterThan(0);

  release();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
