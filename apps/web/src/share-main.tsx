import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SharePage } from '@/features/share/components/share-page';
import { createQueryClient } from '@/lib/query-client';
import './styles.css';

/**
 * The client's page as its own entry (share.html), which the server answers a first visit of
 * /p/:token with: only React, the data layer and the page itself, none of the app shell (router,
 * session, realtime, toasts, menus) that the client, who has no account, never uses. This keeps
 * the page within its initial JavaScript budget (QUALITY P8). Nor zod (share-page.test.tsx fails if
 * the page loads it), so not lib/zod-jitless either, which would bring zod's core for nothing.
 */
function tokenOf(pathname: string): string {
  const match = /^\/p\/([^/]+)\/?$/.exec(pathname);
  try {
    return match?.[1] ? decodeURIComponent(match[1]) : '';
  } catch {
    return '';
  }
}

/** The stop link of an automatic follow-up mail (`/p/stop/:token`): its token, or null for any other path. */
function stopTokenOf(pathname: string): string | null {
  const match = /^\/p\/stop\/([^/]+)\/?$/.exec(pathname);
  try {
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return '';
  }
}

// Its own chunk: the client's page never loads it.
const StopFollowUpsPage = lazy(() =>
  import('@/features/share/components/stop-follow-ups-page').then((m) => ({ default: m.StopFollowUpsPage })),
);

function ShareApp() {
  const [queryClient] = useState(createQueryClient);
  const stopToken = stopTokenOf(window.location.pathname);
  return (
    <QueryClientProvider client={queryClient}>
      {stopToken === null ? (
        <SharePage token={tokenOf(window.location.pathname)} />
      ) : (
        <Suspense fallback={null}>
          <StopFollowUpsPage token={stopToken} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShareApp />
  </StrictMode>,
);
