import { useLingui } from '@lingui/react';
import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { LANGUAGES, supportedLanguage } from '@draftwell/shared/i18n/languages';
import { useHydrated } from '@/lib/use-hydrated';
import { useShareLanguage } from './share-language';

/**
 * The client's choice of language for the page (issue 25): a native select (no menu code to load,
 * QUALITY P8), each language in its own name. The choice stays on this device.
 */
export function LanguageSwitcher() {
  const { i18n } = useLingui();
  const { language, choose } = useShareLanguage();
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  const id = useId();
  return (
    <div className="flex items-center gap-1 print:hidden">
      <label htmlFor={id} className="text-muted-foreground flex items-center">
        <Languages aria-hidden="true" className="size-4" />
        <span className="sr-only">{i18n._('Language of this page')}</span>
      </label>
      <select
        id={id}
        value={language}
        disabled={!hydrated}
        aria-invalid={failed || undefined}
        title={failed ? i18n._('That language could not be loaded. Check your connection and try again.') : undefined}
        onChange={(event) => {
          const next = supportedLanguage(event.target.value);
          if (!next) return;
          setFailed(false);
          choose(next).catch(() => setFailed(true));
        }}
        className="bg-background hover:bg-accent focus-visible:ring-ring h-9 max-w-[8.5rem] cursor-pointer rounded-md border-0 px-1 text-sm focus-visible:ring-2 focus-visible:outline-none"
      >
        {LANGUAGES.map((option) => (
          <option key={option.tag} value={option.tag} lang={option.tag}>
            {option.native}
          </option>
        ))}
      </select>
    </div>
  );
}
