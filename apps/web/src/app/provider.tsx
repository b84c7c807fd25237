import { QueryClientProvider } from '@tanstack/react-query';
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

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
