import { useSyncExternalStore } from 'react';

/**
 * The theme (S7): light, dark or system; light until chosen; stored under `theme`, which the
 * inline script of every entry's HTML applies before the first paint. This module keeps `<html>`'s
 * class and color-scheme in step afterwards: a choice made here, the system setting changing while
 * "system" is chosen, or another tab choosing. Ours rather than a library's: it is in every
 * entry's first load, including the public pages' and the client's (P8).
 */
export type TThemeChoice = 'light' | 'dark' | 'system';
export type TResolvedTheme = 'light' | 'dark';

const KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isChoice = (value: unknown): value is TThemeChoice => value === 'light' || value === 'dark' || value === 'system';

function storedChoice(): TThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return isChoice(value) ? value : 'light';
  } catch {
    return 'light';
  }
}

const systemIsDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

let choice: TThemeChoice | null = null;
const currentChoice = () => (choice ??= storedChoice());
const resolve = (c: TThemeChoice): TResolvedTheme => (c === 'system' ? (systemIsDark() ? 'dark' : 'light') : c);

/** Puts the resolved theme on `<html>`, with transitions off for that one change (no fades). */
function apply() {
  const theme = resolve(currentChoice());
  const root = document.documentElement;
  const pause = document.createElement('style');
  pause.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(pause);
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  // Styles are computed with transitions off before they come back.
  void window.getComputedStyle(document.body).opacity;
  setTimeout(() => pause.remove(), 1);
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const onSystemChange = () => {
  if (currentChoice() !== 'system') return;
  apply();
  emit();
};
const onStorage = (event: StorageEvent) => {
  if (event.key !== KEY) return;
  choice = isChoice(event.newValue) ? event.newValue : 'light';
  apply();
  emit();
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.matchMedia?.(DARK_QUERY).addEventListener('change', onSystemChange);
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.matchMedia?.(DARK_QUERY).removeEventListener('change', onSystemChange);
      window.removeEventListener('storage', onStorage);
    }
  };
}

export function setTheme(next: TThemeChoice): void {
  choice = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // No storage: the choice holds until the page is left.
  }
  apply();
  emit();
}

/**
 * The chosen theme and the one shown. While React hydrates a prerendered page (and at build
 * time) both are light, as the HTML was rendered; the stored choice shows right after.
 */
export function useTheme(): { theme: TThemeChoice; resolvedTheme: TResolvedTheme; setTheme: typeof setTheme } {
  const key = useSyncExternalStore(
    subscribe,
    () => `${currentChoice()} ${resolve(currentChoice())}`,
    () => 'light light',
  );
  const [theme, resolvedTheme] = key.split(' ') as [TThemeChoice, TResolvedTheme];
  return { theme, resolvedTheme, setTheme };
}
