import { I18nProvider } from '@lingui/react';
import { createContext, use, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadPageI18n, readyToShow } from '@draftwell/shared/i18n/i18n';
import { closestLanguage, languageOf, textDirection, type TLanguage } from '@draftwell/shared/i18n/languages';
import { deviceLanguage, keepDeviceLanguage } from '@/lib/device-language';
import { useSharedProposal } from '../api/get-shared-proposal';

type TShareLanguage = {
  /** The language the page's own words are in (not the owner's text, which is in the proposal's). */
  language: TLanguage;
  /** The proposal's language, which the owner wrote in. */
  proposalLanguage: TLanguage | null;
  /** Switches the page to another language, once its words are loaded; kept on this device. */
  choose: (language: TLanguage) => Promise<void>;
};

const ShareLanguageContext = createContext<TShareLanguage | null>(null);

/** The client page's language and the switch to another; only inside ShareLanguageProvider. */
export function useShareLanguage(): TShareLanguage {
  const value = useContext(ShareLanguageContext);
  if (!value) throw new Error('useShareLanguage is used outside ShareLanguageProvider');
  return value;
}

function browserLanguage(): TLanguage | null {
  return typeof navigator === 'undefined' ? null : closestLanguage(navigator.languages ?? [navigator.language]);
}

/**
 * The client page in one language: the one they chose on this device, else the proposal's, else
 * their browser's closest, else English. `initial` is the server render's (the seed's), which the
 * browser hydrates in. Only that language's words are loaded (QUALITY P8); until they are, the
 * nearest Suspense boundary shows its fallback.
 */
export function ShareLanguageProvider({
  token,
  initial,
  children,
}: {
  token: string;
  initial?: TLanguage | null;
  children: ReactNode;
}) {
  // Reads what the page asked for (the same query), without asking again.
  const { data } = useSharedProposal(token, { enabled: false });
  const proposalLanguage = data ? languageOf(data.snapshot.language) : null;
  const [chosen, setChosen] = useState<TLanguage | null>(null);
  const [device] = useState(deviceLanguage);
  const language = chosen ?? initial ?? device ?? proposalLanguage ?? browserLanguage() ?? 'en';
  // Always through use(): a loaded language's promise is read without suspending (loadPageI18n),
  // the same one for as long as the language stays (a part loading later words must not suspend
  // the page on its next render).
  const words = useMemo(() => loadPageI18n(language), [language]);
  const i18n = use(words);

  useEffect(() => {
    const html = document.documentElement;
    html.lang = language;
    html.dir = textDirection(language) ?? 'ltr';
  }, [language]);

  const choose = useCallback(async (next: TLanguage) => {
    keepDeviceLanguage(next);
    await readyToShow(next);
    setChosen(next);
  }, []);
  const value = useMemo(() => ({ language, proposalLanguage, choose }), [language, proposalLanguage, choose]);
  return (
    <ShareLanguageContext value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </ShareLanguageContext>
  );
}
