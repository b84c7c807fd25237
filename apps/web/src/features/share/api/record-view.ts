import { API_BASE, api, unwrap } from '@/lib/api-client';

/** Starts a visit: the server records it (not for the owner, who gets no id). */
export async function startView(token: string): Promise<string | null> {
  const started = await unwrap(api.share[':token'].views.$post({ param: { token } }));
  return started.viewId;
}

const viewTime = api.share[':token'].views[':viewId'];

/** Reports the seconds on page while it is open; keepalive lets it finish as the page goes. */
export async function reportViewTime(token: string, viewId: string, time: TViewTime): Promise<void> {
  await unwrap(viewTime.$post({ param: { token, viewId }, json: time }, { init: { keepalive: true } }));
}

/** Seconds on the page so far, and on each of its sections (by index) when the page counts them. */
export type TViewTime = { seconds: number; sections?: number[] };

/**
 * Reports the seconds on page as the page is hidden or left: a beacon outlives the page. The
 * body is typed JSON, as every JSON route requires; a refused beacon falls back to keepalive.
 */
export function beaconViewTime(token: string, viewId: string, time: TViewTime): void {
  const url = `${API_BASE}${viewTime.$path({ param: { token, viewId } })}`;
  const body = new Blob([JSON.stringify(time)], { type: 'application/json' });
  const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
  if (!queued) void reportViewTime(token, viewId, time).catch(() => undefined);
}
