import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { flash } from '@/lib/flash';
import type { TSession } from '@draftwell/shared';
import { Logo } from '@/components/layouts/logo';
import { PageLoading } from '@/components/layouts/page-loading';
import { SkipLink } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/auth-actions';
import { BillingListener } from '@/features/billing/components/billing-listener';
import { ProposalNotifications } from '@/features/notifications/components/proposal-notifications';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { cn } from '@/lib/cn';

const nav = (i18n: I18n) => [
  { to: paths.dashboard, label: i18n._('Dashboard') },
  { to: paths.templates, label: i18n._('Templates') },
  { to: paths.library, label: i18n._('Library') },
  { to: paths.profile, label: i18n._('Profile') },
];

function AppNav({ className, label }: { className: string; label: string }) {
  const { i18n } = useLingui();
  // The editor is the dashboard screen opened on a draft: its tab stays marked.
  const onDraft = useLocation().pathname.startsWith(paths.editDraft(''));
  return (
    <nav aria-label={label} className={cn('flex items-center gap-1 overflow-x-auto', className)}>
      {nav(i18n).map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) =>
            cn(
              'hover:bg-accent rounded-md px-3 py-2 text-sm font-medium',
              isActive || (onDraft && item.to === paths.dashboard)
                ? 'bg-accent text-accent-foreground'
                : 'text-muted-foreground',
            )
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function AppLayout({ session }: { session: TSession }) {
  const { i18n } = useLingui();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        // Said by the landing page, which is its own document (lib/flash.ts).
        flash({
          type: 'success',
          title: i18n._('Signed out'),
          description: i18n._('You have been signed out of Draftwell on this device.'),
          action: { label: i18n._('Sign in again'), to: paths.signIn() },
        });
        void navigate(paths.landing, { replace: true });
      },
    });
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ProposalNotifications key={session.user.id} userId={session.user.id} />
      <BillingListener key={`billing-${session.user.id}`} userId={session.user.id} />
      <header className="bg-background/90 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
          <Logo to={paths.dashboard} />
          <AppNav className="ml-6 hidden sm:flex" label={i18n._('App')} />
          <div className="ml-auto flex items-center gap-1">
            <span className="text-muted-foreground hidden text-sm md:inline" title={session.user.email}>
              {session.user.name}
            </span>
            <ThemeToggle />
            <Button
              variant="ghost"
              size="icon"
              onClick={onSignOut}
              disabled={signOut.isPending}
              aria-label={i18n._('Sign out')}
            >
              <LogOut aria-hidden="true" />
            </Button>
          </div>
        </div>
        <AppNav className="border-t px-4 py-1 sm:hidden" label={i18n._('App (small screens)')} />
      </header>
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
