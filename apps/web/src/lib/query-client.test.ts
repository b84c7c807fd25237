import { focusManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

/**
 * S11 as behaviour of the app's own client, not as a copy of its options: what a query does when
 * the window regains focus, when its fetch fails, and when a screen mounts it again later.
 */
describe('query client (S11)', () => {
  let client: QueryClient;
  const unsubscribes: Array<() => void> = [];

  beforeEach(() => {
    vi.useFakeTimers();
    client = createQueryClient();
    client.mount();
  });
  afterEach(() => {
    for (const off of unsubscribes.splice(0)) off();
    client.clear();
    client.unmount();
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  /**
   * Mounts an observer as a screen would, and lets its fetch settle. Only the fetch's own work and a
   * retry's delay run: running every timer would also fire the stale-time timer, moving the clock.
   */
  async function observe(queryFn: () => Promise<string>) {
    const observer = new QueryObserver(client, { queryKey: ['thing'], queryFn });
    unsubscribes.push(observer.subscribe(() => {}));
    await vi.advanceTimersByTimeAsync(0);
    return observer;
  }

  it('does not refetch when the window regains focus, even once the data is stale', async () => {
    const queryFn = vi.fn(async () => 'data');
    await observe(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(6 * 60_000);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('retries a failed fetch once, then reports the error', async () => {
    const queryFn = vi.fn(async (): Promise<string> => {
      throw new Error('down');
    });
    const observer = await observe(queryFn);
    // Past any retry delay: a second retry would have started by then.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe('error');
  });

  it('keeps data fresh for five minutes: a screen mounted again within them does not refetch, after them it does', async () => {
    const queryFn = vi.fn(async () => 'data');
    await observe(queryFn);
    for (const off of unsubscribes.splice(0)) off();

    await vi.advanceTimersByTimeAsync(4 * 60_000 + 59_000);
    await observe(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    for (const off of unsubscribes.splice(0)) off();

    await vi.advanceTimersByTimeAsync(2_000);
    await observe(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
