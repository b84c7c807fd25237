/**
 * Tells the app's other tabs about sign-in and sign-out (S9). BroadcastChannel where the
 * browser has it, the storage event otherwise.
 */
export type TAuthBroadcast = 'signed-out' | 'signed-in';

const CHANNEL = 'draftwell-auth';
const STORAGE_KEY = 'draftwell-auth-event';

export function broadcastAuth(event: TAuthBroadcast) {
  if (typeof BroadcastChannel !== 'undefined') {
    const ch = new BroadcastChannel(CHANNEL);
    ch.postMessage(event);
    ch.close();
    return;
  }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ event, at: Date.now() }));
  } catch {
    // Private mode without storage: other tabs notice at their next session check.
  }
}

export function onAuthBroadcast(handler: (event: TAuthBroadcast) => void): () => void {
  if (typeof BroadcastChannel !== 'undefined') {
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (e: MessageEvent<TAuthBroadcast>) => handler(e.data);
    return () => ch.close();
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY || !e.newValue) return;
    try {
      handler((JSON.parse(e.newValue) as { event: TAuthBroadcast }).event);
    } catch {
      // A value we did not write.
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
