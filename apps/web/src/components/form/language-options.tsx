import { LANGUAGES, languageChoiceLabel } from '@draftwell/shared/i18n/languages';

/** The supported languages as a select's options, each by its own name (and marked as written in it). */
export function LanguageOptions() {
  return LANGUAGES.map((language) => (
    <option key={language.tag} value={language.tag} lang={language.tag}>
      {languageChoiceLabel(language)}
    </option>
  ));
}
