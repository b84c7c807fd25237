import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/lib/api/session';
import { preloadScreen } from './screen-preload';

const SESSION = {
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified: true, appLanguage: null },
  expiresAt: '2030-01-01',
};

function respondWith(session: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ session }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const run = (loader: ReturnType<typeof preloadScreen>, params: Record<string, string> = {}) =>
  loader({ params, request: new Request('http://app.test/dashboard'), context: undefined } as never);

describe('preloadScreen (P12)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers at once, and starts the code and the session check side by side, then the data', async () => {
    const fetchMock = respondWith(SESSION);
    const qc = new QueryClient();
    let codeAsked = 0;
    const load = vi.fn(() => {
      codeAsked++;
      return new Promise(() => undefined);
    });
    const data = vi.fn(() => [Promise.resolve()]);
    expect(run(preloadScreen(qc, load, data), { id: 'p1' })).toBeNull();
    // Both asked before anything came back: no step waits for another.
    expect(codeAsked).toBe(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/session', { credentials: 'same-origin' });
    await vi.waitFor(() => expect(data).toHaveBeenCalledWith(qc, { id: 'p1' }));
    expect(qc.getQueryData(sessionQueryKey)).toEqual(SESSION);
  });

  it('asks for no data for a visitor, and a failed check or failed code is the screen’s to show', async () => {
    respondWith(null);
    const qc = new QueryClient();
    const data = vi.fn(() => [Promise.resolve()]);
    run(preloadScreen(qc, () => Promise.reject(new Error('chunk failed')), data));
    await vi.waitFor(() => expect(qc.getQueryState(sessionQueryKey)?.status).toBe('success'));
    expect(data).not.toHaveBeenCalled();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const failing = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    run(preloadScreen(failing, () => Promise.resolve(), data));
    await vi.waitFor(() => expect(failing.getQueryState(sessionQueryKey)?.status).toBe('error'));
    expect(data).not.toHaveBeenCalled();
  });

  it('takes a session answer under two seconds old as the check, and asks again after', async () => {
    const fetchMock = respondWith(SESSION);
    const qc = new QueryClient();
    qc.setQueryData(sessionQueryKey, SESSION);
    run(preloadScreen(qc, () => Promise.resolve(), undefined));
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    qc.setQueryData(sessionQueryKey, SESSION, { updatedAt: Date.now() - 5_000 });
    run(preloadScreen(qc, () => Promise.resolve(), undefined));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
