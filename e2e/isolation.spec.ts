import { expect, test } from './fixtures';

/**
 * S12. Only the account records exist so far; proposals, clients and templates (and their
 * share links) do not yet, so their isolation is not tested here: their API tests and these
 * specs grow with them.
 */
test("S12 a user never sees another user's data", async ({ page, newContext, signUpViaApi }) => {
  const a = await signUpViaApi(page);
  const contextB = await newContext();
  const pageB = await contextB.newPage();
  const b = await signUpViaApi(pageB);

  await pageB.goto('/profile');
  await expect(pageB.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(pageB.getByText(b.email, { exact: true })).toBeVisible();
  await expect(pageB.getByText(a.email)).toHaveCount(0);
  await expect(pageB.getByText(a.name)).toHaveCount(0);

  const sessionB = await pageB.evaluate(() => fetch('/api/session').then((r) => r.json()));
  expect(sessionB.session.user.email).toBe(b.email);

  await page.goto('/profile');
  await expect(page.getByText(a.email, { exact: true })).toBeVisible();
  await expect(page.getByText(b.email)).toHaveCount(0);
  const sessionA = await page.evaluate(() => fetch('/api/session').then((r) => r.json()));
  expect(sessionA.session.user.email).toBe(a.email);
  expect(sessionA.session.user.id).not.toBe(sessionB.session.user.id);
});

test('S12 a visitor reaches the public pages only', async ({ request }) => {
  const res = await request.get('/api/session');
  expect(await res.json()).toEqual({ session: null });
});
