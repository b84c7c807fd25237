import { useSyncExternalStore } from 'react';
import type { TSession } from '@draftwell/shared';
import { fetchSession } from './session-fetch';

/**
 * Who is signed in, for the public pages (their own entry, without the app's query cache): asked
 * once, when a page first wants it, and not again on focus (S11); signing in or out loads another
 * document. `undefined` until the server has answered, and while React hydrates a prerendered
 * page (which was rendered with nobody signed in).
 */
let session: TSession | null | undefined;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

function askSession(): Promise<void> {
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

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (session === undefined) void askSession();
  return () => {
    listeners.delete(listener);
  };
}

export function usePublicSession(): TSession | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => session,
    () => undefined,
  );
}
