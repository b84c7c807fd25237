import type { WebSocket } from '@playwright/test';
import { expect, test } from './fixtures';

type TClose = { url: string; code?: number; reason?: string };

test('S10 the realtime connection opens at app start and closes when the app is torn down', async ({
  page,
  baseURL,
  consoleGuard,
}) => {
  // Chromium asks for /favicon.ico when it shows /healthz's JSON; there is none.
  consoleGuard.allow(/status of 404 .*\/favicon\.ico\]$/);
  // Every WebSocket.close() the app makes is noted in sessionStorage, which outlives the
  // document: once the page has navigated away, the old document's socket can no longer be
  // observed from Playwright (Chromium reports no 'close' for it), but the record remains.
  await page.addInitScript(() => {
    const close = WebSocket.prototype.close;
    WebSocket.prototype.close = function (this: WebSocket, code?: number, reason?: string) {
      const log = JSON.parse(sessionStorage.getItem('e2e-ws-closes') ?? '[]') as unknown[];
      log.push({ url: this.url, code, reason });
      sessionStorage.setItem('e2e-ws-closes', JSON.stringify(log));
      close.call(this, code, reason);
    };
  });
  const sockets: WebSocket[] = [];
  const received: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framereceived', (f) => received.push(String(f.payload)));
  });
  const logs: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().startsWith('[realtime]')) logs.push(msg.text());
  });

  await page.goto('/pricing');
  await expect.poll(() => logs).toContain('[realtime] open');
  expect(sockets).toHaveLength(1);
  const socket = sockets[0]!;
  const expected = new URL('/realtime', baseURL);
  expected.protocol = 'ws:';
  expect(socket.url()).toBe(expected.href);
  expect(socket.isClosed()).toBe(false);
  // It joined the app's channel, and the server confirmed.
  await expect
    .poll(() => received.map((r) => JSON.parse(r) as unknown))
    .toContainEqual({
      type: 'joined',
      channel: 'public',
    });

  // Client-side navigation keeps the one connection.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  expect(sockets).toHaveLength(1);
  expect(socket.isClosed()).toBe(false);

  // Leaving the app tears it down, and the app closes its socket itself (1000, not a drop).
  await page.goto('/healthz');
  const closes = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-ws-closes') ?? '[]') as TClose[]);
  expect(closes).toEqual([{ url: expected.href, code: 1000, reason: 'app closed' }]);

  // The same teardown seen live: the page-hide that ends the app closes the socket and logs it.
  await page.goto('/pricing');
  await expect.poll(() => sockets).toHaveLength(2);
  const second = sockets[1]!;
  await expect.poll(() => logs.filter((l) => l === '[realtime] open')).toHaveLength(2);
  const closed = second.waitForEvent('close');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  await closed;
  expect(second.isClosed()).toBe(true);
  await expect.poll(() => logs.at(-1)).toBe('[realtime] closed');
  await expect(page.locator('#root')).toBeEmpty();
});

test('S10 a signed-in app joins its user channel on the same connection', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
  await page.goto('/dashboard');
  await expect
    .poll(() => sent.map((s) => JSON.parse(s) as { type: string; channel: string }))
    .toEqual(
      expect.arrayContaining([
        { type: 'join', channel: 'public' },
        { type: 'join', channel: expect.stringMatching(/^user:/) },
      ]),
    );
});
