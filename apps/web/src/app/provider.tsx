import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast, Toaster } from 'sonner';
import { templateKeys } from '@/lib/api/query-keys';
import { useAppLanguage } from '@/lib/app-language';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { takeFlashes } from '@/lib/flash';
import { LinkProvider, type TLinkProps } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

/** The app's links (components shared with the public pages render lib/navigation's Link). */
const appLink = ({ to, ...props }: TLinkProps) => <RouterLink to={to} {...props} />;

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const { i18n } = useLingui();
  // What the page before this document load left to say (lib/flash.ts): "Your account is ready".
  useEffect(() => {
    for (const { type, title, description, action } of takeFlashes()) {
      toast[type](title, {
        description,
        action: action ? { label: action.label, onClick: () => window.location.assign(action.to) } : undefined,
      });
    }
  }, []);
  return (
    <Toaster
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      closeButton
      richColors
      position="bottom-right"
      containerAriaLabel={i18n._('Notifications')}
      toastOptions={{ closeButtonAriaLabel: i18n._('Close notification') }}
    />
  );
}

/**
 * `queryClient`: the cache the router's screen preloads fill (main.tsx); a new one otherwise.
 * The owner's screens speak the app's language (lib/app-language.ts); a change of it draws them
 * again from the top. A proposal shown in them gets its own language's words from DocumentLanguage.
 */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const { language, i18n } = useAppLanguage();
  // What the server writes in the app's language (the starters' names and descriptions) is read
  // again in the new one; the first language needs nothing.
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (language === firstLanguage.current) return;
    firstLanguage.current = language;
    void queryClient.invalidateQueries({ queryKey: templateKeys.all });
  }, [language, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n} key={language}>
        <RealtimeProvider>
          <LinkProvider value={appLink}>{children}</LinkProvider>
          <ThemedToaster />
        </RealtimeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
