import type { TSession } from '@draftwell/shared';
import {
  APP_LANGUAGE_TAGS,
  languageChoiceLabel,
  languageInfo,
  supportedAppLanguage,
  type TAppLanguage,
} from '@draftwell/shared/i18n/languages';
import { useLingui } from '@lingui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { api } from '@/lib/api-client';
import { appI18n, browserAppLanguage, followAccountLanguage } from '@/lib/app-language';
import { sessionQueryKey } from '@/lib/api/session';
import { unwrap } from '@/lib/http';
import { translated } from '@/lib/translated';

const BROWSER = 'browser';

/** Said in the language just chosen: the app's, read once it has changed. */
function savedMessage() {
  const i18n = appI18n();
  return i18n._('Language saved');
}

/**
 * Profile's choice of the language the app's screens speak (issue 25 part 7): one of the app's
 * languages, or the browser's (the default). Saved on the account, so every device follows it.
 */
export function AppLanguageCard({ choice }: { choice: TAppLanguage | null }) {
  const { i18n } = useLingui();
  const qc = useQueryClient();
  const id = useId();
  const save = useMutation({
    mutationFn: (appLanguage: TAppLanguage | null) =>
      unwrap(api.account['app-language'].$put({ json: { appLanguage } })),
    onSuccess: async ({ appLanguage }) => {
      qc.setQueryData<TSession | null>(sessionQueryKey, (session) =>
        session ? { ...session, user: { ...session.user, appLanguage } } : session,
      );
      await followAccountLanguage(appLanguage).catch(() => undefined);
      toast.success(savedMessage());
    },
    onError: (error) =>
      toast.error(i18n._('Could not change the language'), { description: translated(i18n, error.message) }),
  });
  const browser = languageChoiceLabel(languageInfo(browserAppLanguage()));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Language')}</CardTitle>
        <CardDescription>
          {i18n._(
            'The language of your Draftwell screens. Each proposal has its own language for your client, set in the editor.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {i18n._('Language of the app')}
        </label>
        <Select
          id={id}
          className="sm:max-w-sm"
          value={choice ?? BROWSER}
          disabled={save.isPending}
          onChange={(event) => save.mutate(supportedAppLanguage(event.target.value))}
        >
          <option value={BROWSER}>{i18n._('As my browser: {language}', { language: browser })}</option>
          {APP_LANGUAGE_TAGS.map((tag) => (
            <option key={tag} value={tag} lang={tag}>
              {languageChoiceLabel(languageInfo(tag))}
            </option>
          ))}
        </Select>
      </CardContent>
    </Card>
  );
}
