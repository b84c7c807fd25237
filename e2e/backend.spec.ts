import { expect, refusedRequest, test } from './fixtures';

/**
 * S13: one server of our own, on the app's origin, offers auth, the REST API, realtime and
 * health. (File storage and the server functions for drafting, PDF, email and billing come
 * with the features that use them; mail is already exercised by the auth and contact specs.)
 */
test("S13 the backend serves auth, REST, realtime and health on the app's origin", async ({ page, consoleGuard }) => {
  consoleGuard.allow(refusedRequest('/api/contact'));
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const origin = new URL(page.url()).origin;

  const results = await page.evaluate(async () => {
    const call = async (path: string, init?: RequestInit) => {
      const res = await fetch(path, init);
      return { url: res.url, status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    };
    return {
      health: await call('/healthz'),
      auth: await call('/api/auth/ok'),
      session: await call('/api/session'),
      contact: await call('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: '', email: 'not-an-email', message: 'short' }),
      }),
    };
  });

  for (const r of Object.values(results)) {
    expect(new URL(r.url).origin).toBe(origin);
    expect(r.type).toContain('application/json');
  }
  expect(results.health).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(results.auth).toMatchObject({ status: 200, body: { ok: true } });
  expect(results.session).toMatchObject({ status: 200, body: { session: null } });
  expect(results.contact.status).toBe(400);
  expect(results.contact.body.error).toMatchObject({
    code: 'invalid',
    fields: { name: expect.any(String), email: expect.any(String), message: expect.any(String) },
  });

  await expect.poll(() => sockets).toHaveLength(1);
  const ws = new URL(sockets[0]!);
  expect(`http://${ws.host}`).toBe(origin);
  expect(ws.pathname).toBe('/realtime');
});
