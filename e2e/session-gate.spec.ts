import { expect, SESSION_CHECK_FAILED, test } from './fixtures';

test('S4 a centered spinner shows while the session check runs', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route('**/api/session', async (route) => {
    held++;
    await released;
    await route.continue();
  });

  await page.goto('/dashboard');
  const spinner = page.getByRole('status', { name: 'Checking your session' });
  await expect(spinner).toBeVisible();
  expect(held).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);

  const box = (await spinner.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2), 'horizontally centered').toBeLessThan(4);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2), 'vertically centered').toBeLessThan(4);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(spinner).toHaveCount(0);
});

test('S9 without a session a protected route sends the visitor to /', async ({ page }) => {
  for (const path of ['/dashboard', '/profile', '/edit-draft/abc']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('S9 a failed session check sends the user to / and is logged', async ({ page, signUpViaApi, consoleGuard }) => {
  consoleGuard.allow(SESSION_CHECK_FAILED);
  consoleGuard.allow(/status of 500 .*\/api\/session\]$/);
  await signUpViaApi(page);
  await page.route('**/api/session', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"boom"}}',
    }),
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await expect.poll(() => consoleGuard.errors.filter((e) => SESSION_CHECK_FAILED.test(e)).length).toBeGreaterThan(0);
});

test('S9 signing out in one tab sends the other tab to /', async ({ page, context, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(other).toHaveURL('/');
  // The app moves to `/` first, then loads the public pages' own document there: a navigation
  // started before that load would be cut short by it. The landing's heading is that document's.
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  // And the session really ended: the protected area is closed to both tabs.
  await other.goto('/dashboard');
  await expect(other).toHaveURL('/');
});
