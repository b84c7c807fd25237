import type { TFlash } from './flash';

/**
 * The public pages' notifications: a title, a description, a close button and an optional link,
 * in the same "Notifications" region and list as the app's toasts (sonner, which the public pages
 * leave out of their JavaScript, P8). Each closes by itself after a few seconds.
 */
export type TLightToast = TFlash & { id: number };

const DURATION_MS = 6_000;
let toasts: TLightToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): TLightToast[] => toasts;

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(message: TFlash): number {
  const id = nextId++;
  toasts = [...toasts, { ...message, id }];
  emit();
  setTimeout(() => dismissToast(id), DURATION_MS);
  return id;
}
