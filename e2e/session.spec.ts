import { expect, test } from './fixtures';

test('S8 the client gets { user, expiresAt }; the credential stays in an httpOnly cookie', async ({
  page,
  context,
  signUpViaApi,
}) => {
  const user = await signUpViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const body = await page.evaluate(async () => {
    const res = await fetch('/api/session', { credentials: 'same-origin' });
    return (await res.json()) as { session: { user: Record<string, unknown>; expiresAt: string } | null };
  });
  expect(body.session).not.toBeNull();
  const { session } = body;
  expect(Object.keys(session!).sort()).toEqual(['expiresAt', 'user']);
  expect(session!.user).toEqual({
    id: expect.any(String),
    name: user.name,
    email: user.email,
    emailVerified: false,
    appLanguage: null,
  });
  const expires = Date.parse(session!.expiresAt);
  // Thirty days, sliding: comfortably in the future, never more than a month and a bit away.
  expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  expect(expires - Date.now()).toBeLessThan(31 * 24 * 3600 * 1000);
  expect(JSON.stringify(body)).not.toMatch(/token/i);

  const cookies = await context.cookies();
  const sessionCookie = cookies.find((c) => c.name === 'draftwell.session_token');
  expect(sessionCookie, `cookies: ${cookies.map((c) => c.name).join(', ')}`).toBeDefined();
  expect(sessionCookie!.httpOnly).toBe(true);
  expect(sessionCookie!.sameSite).toBe('Lax');
  expect(sessionCookie!.path).toBe('/');
  expect(sessionCookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

  const scriptVisible = await page.evaluate(() => document.cookie);
  expect(scriptVisible).not.toContain('session_token');
  expect(scriptVisible).not.toContain(sessionCookie!.value);
});
