import { expect, PROTECTED_SCREENS, PUBLIC_SCREENS, test } from './fixtures';

test('S1 public routes render their h1 for a visitor', async ({ page }) => {
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await expect(page, `${path} stays at ${path}`).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 }), `the h1 of ${path}`).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
});

test('public pages arrive prerendered: without JavaScript they show their content, title and links', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    for (const [path, h1, title] of [
      ['/', 'Write the proposal, send a link, get it signed.', /business proposals/],
      ['/pricing', 'Simple, fair pricing', /^Pricing — Draftwell$/],
      ['/about', 'About Draftwell', /^About — Draftwell$/],
      ['/contact', 'Contact us', /^Contact — Draftwell$/],
      ['/privacy', 'Privacy', /^Privacy — Draftwell$/],
      ['/developers', 'Draftwell API', /^API reference — Draftwell$/],
      ['/verify', 'Verify an accepted proposal', /^Verify an accepted proposal — Draftwell$/],
      ['/404', 'We could not find that page', /^Page not found — Draftwell$/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1);
      await expect(page).toHaveTitle(title);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
      ).toHaveAttribute('href', '/pricing');
    }
    // The plans are in the page itself, for crawlers and first paint, with its own description.
    await page.goto('/pricing');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Free, Pro and Business plans/);
    await expect(page.getByRole('heading', { name: 'Pro' }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('S2 protected routes render for a signed-in user', async ({ page, signUpViaApi }) => {
  const user = await signUpViaApi(page);
  for (const { path, title } of PROTECTED_SCREENS) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: title }), `the title of ${path}`).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'App' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Templates' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();
});

test('S3 an unknown path ends at /404 in the address bar', async ({ page, consoleGuard }) => {
  // The server answers the unknown path itself with a 404 (the app's shell); Chromium logs it.
  consoleGuard.allow(/status of 404 .*\/nope\/deeper\]$/);
  await page.goto('/nope/deeper');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The same from inside the app (client-side navigation), with no server round trip.
  await page.goto('/');
  await page.evaluate(() => {
    history.pushState(null, '', '/still/not/here');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL('/404');
});
