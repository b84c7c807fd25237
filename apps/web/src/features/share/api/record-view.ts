import { sharePost, shareUrl, type TShareAnswer, type TShareBody, type TShareRoutes } from './share-request';

type TViewTimeRoute = TShareRoutes['views'][':viewId']['$post'];

/** Starts a visit: the server records it (not for the owner, who gets no id). */
export async function startView(token: string): Promise<string | null> {
  const started = await sharePost<TShareAnswer<TShareRoutes['views']['$post']>>(shareUrl(token, '/views'));
  return started.viewId;
}

const viewTimeUrl = (token: string, viewId: string) => shareUrl(token, `/views/${encodeURIComponent(viewId)}`);

/** Reports the seconds on page while it is open; keepalive lets it finish as the page goes. */
export async function reportViewTime(token: string, viewId: string, time: TViewTime): Promise<void> {
  const body: TShareBody<TViewTimeRoute> = time;
  await sharePost(viewTimeUrl(token, viewId), body, { keepalive: true });
}

/** Seconds on the page so far, and on each of its sections (by index) when the page counts them. */
export type TViewTime = { seconds: number; sections?: number[] };

/**
 * Reports the seconds on page as the page is hidden or left: a beacon outlives the page. The
 * body is typed JSON, as every JSON route requires; a refused beacon falls back to keepalive.
 */
export function beaconViewTime(token: string, viewId: string, time: TViewTime): void {
  const body = new Blob([JSON.stringify(time)], { type: 'application/json' });
  const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(viewTimeUrl(token, viewId), body);
  if (!queued) void reportViewTime(token, viewId, time).catch(() => undefined);
}
