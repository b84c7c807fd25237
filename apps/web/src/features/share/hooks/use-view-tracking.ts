import type { TDocument } from '@draftwell/shared/document/schema';
import { useEffect } from 'react';
import { beaconViewTime, reportViewTime, startView, type TViewTime } from '../api/record-view';
import type { TSectionTimer } from '../utils/section-timer';

/** How often the time on page is reported while the page is visible. */
export const VIEW_REPORT_INTERVAL_MS = 15_000;
/** The most the server takes for one visit (a day). */
const MAX_SECONDS = 86_400;

/**
 * One visit per page load and link, whatever remounts (StrictMode, a refetch, an accepted
 * proposal re-rendering): the page's lifetime is the module's.
 */
const visits = new Map<string, Promise<string | null>>();

function visitOf(token: string): Promise<string | null> {
  let visit = visits.get(token);
  if (!visit) {
    // A visit the server did not record is not retried: the page works without it.
    visit = startView(token).catch(() => null);
    visits.set(token, visit);
  }
  return visit;
}

/**
 * Records the client's visit and the seconds the page was visible: every so often while it is
 * visible (fetch with keepalive), and with a beacon as it is hidden or left. The server keeps the
 * largest figure, so a late or repeated report does no harm; it ignores the owner's own visits.
 */
export function useViewTracking(token: string, enabled: boolean, sectioned: TDocument | null = null): void {
  useEffect(() => {
    if (!enabled) return;
    let viewId: string | null = null;
    // Seconds on each section (issue 16), timed by a module loaded once the page is up.
    let sections: TSectionTimer | null = null;
    let visibleMs = 0;
    let visibleSince: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    let lastReported = -1;

    const seconds = () => {
      const running = visibleSince === null ? 0 : performance.now() - visibleSince;
      return Math.min(MAX_SECONDS, Math.floor((visibleMs + running) / 1000));
    };
    const pause = () => {
      if (visibleSince !== null) visibleMs += performance.now() - visibleSince;
      visibleSince = null;
    };
    const report = (how: 'beacon' | 'fetch') => {
      const now = seconds();
      if (viewId === null) return;
      const bySection = sections?.take() ?? null;
      if (now === lastReported && bySection === null) return;
      lastReported = now;
      const time: TViewTime = bySection ? { seconds: now, sections: bySection } : { seconds: now };
      if (how === 'beacon') beaconViewTime(token, viewId, time);
      else void reportViewTime(token, viewId, time).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        pause();
        report('beacon');
      } else if (visibleSince === null) {
        visibleSince = performance.now();
      }
    };
    const onPageHide = () => {
      pause();
      report('beacon');
    };

    let active = true;
    if (sectioned) {
      void import('../utils/section-timer')
        .then((m) => {
          if (active) sections = m.startSectionTimer(sectioned);
        })
        .catch(() => undefined);
    }
    void visitOf(token).then((id) => {
      if (active) viewId = id;
    });
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') report('fetch');
    }, VIEW_REPORT_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      active = false;
      window.clearInterval(timer);
      sections?.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Unmounted with the page (the app unmounts on pagehide) or left within the app.
      pause();
      report('beacon');
    };
  }, [token, enabled, sectioned]);
}
