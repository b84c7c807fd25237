import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider, useTheme } from 'next-themes';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { THEME_PROVIDER_PROPS } from '@/features/theme/theme-options';
import { createQueryClient } from '@/lib/query-client';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      closeButton
      richColors
      position="bottom-right"
      toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
    />
  );
}

/** `queryClient`: the cache the router's screen preloads fill (main.tsx); a new one otherwise. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider {...THEME_PROVIDER_PROPS}>
        <RealtimeProvider>
          {children}
          <ThemedToaster />
        </RealtimeProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
