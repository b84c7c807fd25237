import { useSyncExternalStore } from 'react';
import type { TSession } from '@draftwell/shared';
import { fetchSession } from './session-fetch';

/**
 * Who is signed in, for the public pages (their own entry, without the app's query cache): asked
 * once when a page first wants it, again when the tab comes back into view or another tab signs
 * in or out. `undefined` until the server has answered, and while React hydrates a prerendered
 * page (which was rendered with nobody signed in).
 */
let session: TSession | null | undefined;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function refreshPublicSession(): Promise<void> {
  asking ??= fetchSession()
    .then(
      (next) => {
        session = next;
      },
      () => {
        // A failed check is "not signed in" for a public page: it offers the sign-in.
        session = null;
      },
    )
    .finally(() => {
      asking = null;
      listeners.forEach((l) => l());
    });
  return asking;
}

const onVisible = () => {
  if (document.visibilityState === 'visible') void refreshPublicSession();
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisible);
  listeners.add(listener);
  if (session === undefined) void refreshPublicSession();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) document.removeEventListener('visibilitychange', onVisible);
  };
}

export function usePublicSession(): TSession | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => session,
    () => undefined,
  );
}
