import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { onAuthBroadcast } from '@/features/auth/auth-broadcast';
import { followAccountLanguage } from '@/lib/app-language';
import { ENTRY_CHECK_MS, sessionQueryKey, sessionQueryOptions } from '@/lib/api/session';
import { AppLayout } from './app-layout';

/**
 * The session gate (S4, S9): every entry to the protected area checks the session with the
 * server; while it runs a centered spinner shows; no session or a failed check (logged) sends
 * the user to `/`, and so does a sign-out in this tab or any other.
 */
export function ProtectedRoute() {
  const { i18n } = useLingui();
  const qc = useQueryClient();
  const navigate = useNavigate();
  // The screen's loader asked the server a moment ago for this very entry (app/screen-preload.ts):
  // that answer is the check; an older one is asked again.
  const session = useQuery({
    ...sessionQueryOptions(),
    staleTime: 0,
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt < ENTRY_CHECK_MS ? false : 'always'),
  });
  const { pathname } = useLocation();
  const { refetch } = session;

  // Moving between protected screens keeps this gate mounted; each entry still asks the server,
  // in the background, so a session revoked elsewhere ends at the next screen.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    void refetch();
  }, [pathname, refetch]);

  useEffect(
    () =>
      onAuthBroadcast((event) => {
        if (event !== 'signed-out') return;
        qc.setQueryData(sessionQueryKey, null);
        void navigate(paths.landing, { replace: true });
      }),
    [qc, navigate],
  );

  // The account's language (Profile) on this device too.
  const appLanguage = session.data ? session.data.user.appLanguage : undefined;
  useEffect(() => {
    if (appLanguage !== undefined) void followAccountLanguage(appLanguage).catch(() => undefined);
  }, [appLanguage]);

  useEffect(() => {
    if (session.isError) console.error('Session check failed; sending the user to the landing page.', session.error);
  }, [session.isError, session.error]);

  if (session.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={i18n._('Checking your session')} />
      </div>
    );
  }
  if (session.isError || !session.data) return <Navigate to={paths.landing} replace />;
  return <AppLayout session={session.data} />;
}
