import { englishI18n } from '@draftwell/shared/i18n/english';
import { loadWholePageI18n } from '@draftwell/shared/i18n/i18n';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import { I18nProvider } from '@lingui/react';
import { use, type ReactNode } from 'react';

/**
 * The document's own words (its labels, totals, signature boxes) in the proposal's language where
 * the owner's app shows it (the editor's preview, a sent proposal): the page's catalogs of that
 * language (first and later), loaded once. Suspends while another language loads the first time: render it inside a
 * Suspense. English where there is no language (a template). The client's page has its provider
 * already (ShareApp).
 */
export function DocumentLanguage({ language, children }: { language: TLanguage | undefined; children: ReactNode }) {
  const i18n = language === undefined || language === 'en' ? englishI18n : use(loadWholePageI18n(language));
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
