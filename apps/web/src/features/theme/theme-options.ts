import type { ThemeProviderProps } from 'next-themes';

/**
 * The theme as S7 fixes it (light, dark or system; default light; stored under `theme`), shared
 * by the app and the client's page.
 */
export const THEME_PROVIDER_PROPS = {
  attribute: 'class',
  storageKey: 'theme',
  defaultTheme: 'light',
  enableSystem: true,
  disableTransitionOnChange: true,
  // index.html and share.html apply the stored theme before first paint; this script is not needed.
  scriptProps: { type: 'application/json' },
} satisfies Omit<ThemeProviderProps, 'children'>;
