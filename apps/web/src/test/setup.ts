import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadPageI18n, loadWholePageI18n } from '@draftwell/shared/i18n/i18n';

// jsdom has no matchMedia; lib/theme.ts and the theme script ask it for the system preference.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

// The files share each worker's jsdom (vitest.config.ts): this module runs again at the start of
// each file, which then begins with no stored data and a bare <html> element, as in a fresh window.
localStorage.clear();
sessionStorage.clear();
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);

afterEach(() => cleanup());

// The client page's English words, loaded once: its provider then has them at its first render,
// as the browser has after its boot awaited them.
await loadPageI18n('en');
// And the words of its later parts, which the tests render without their loaders.
await loadWholePageI18n('en');
