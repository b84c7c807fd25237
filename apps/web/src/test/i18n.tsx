import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { englishI18n } from '@draftwell/shared/i18n/english';

/** For a test that renders a translated component alone: the page's English words around it. */
export function WithI18n({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={englishI18n}>{children}</I18nProvider>;
}
