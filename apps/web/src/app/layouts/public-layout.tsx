import type { ReactNode } from 'react';
import { Logo } from '@/components/layouts/logo';
import { SkipLink } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { usePublicSession } from '@/lib/api/public-session';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/navigation';

const NAV = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

/** One of the public pages' menu links: marked as the current page where it is. */
function NavLink({
  to,
  pathname,
  className,
  children,
}: {
  to: string;
  pathname: string;
  className: string;
  children: ReactNode;
}) {
  const current = pathname === to;
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={cn(className, current ? 'text-foreground' : 'text-muted-foreground')}
    >
      {children}
    </Link>
  );
}

/**
 * The public pages' frame: the header with the menu, the theme and sign-in, and the footer.
 * `pathname`: the page shown (its menu link is marked); `children`: the page.
 */
export function PublicLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const session = usePublicSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="bg-background/90 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Logo to={paths.landing} />
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 sm:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                pathname={pathname}
                className="hover:bg-accent rounded-md px-3 py-2 text-sm font-medium"
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            {session ? (
              <Button asChild>
                <Link to={paths.dashboard}>Dashboard</Link>
              </Button>
            ) : (
              <>
                <Button variant="ghost" asChild className="hidden sm:inline-flex">
                  <Link to={paths.signIn()}>Sign in</Link>
                </Button>
                <Button asChild>
                  <Link to={paths.signUp()}>Start free</Link>
                </Button>
              </>
            )}
          </div>
        </div>
        <nav aria-label="Main (small screens)" className="flex gap-1 overflow-x-auto border-t px-4 py-1 sm:hidden">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              pathname={pathname}
              className="rounded-md px-3 py-2 text-sm font-medium"
            >
              {item.label}
            </NavLink>
          ))}
          {!session ? (
            <Link to={paths.signIn()} className="text-muted-foreground rounded-md px-3 py-2 text-sm font-medium">
              Sign in
            </Link>
          ) : null}
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="text-muted-foreground border-t text-sm">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Draftwell. Open source, self-hostable.</p>
          <nav aria-label="Footer" className="flex flex-wrap gap-4">
            <Link to={paths.pricing} className="hover:text-foreground">
              Pricing
            </Link>
            <Link to={paths.about} className="hover:text-foreground">
              About
            </Link>
            <Link to={paths.privacy} className="hover:text-foreground">
              Privacy
            </Link>
            <Link to={paths.developers} className="hover:text-foreground">
              API
            </Link>
            <Link to={paths.verify} className="hover:text-foreground">
              Verify a proposal
            </Link>
            <Link to={paths.contact} className="hover:text-foreground">
              Contact
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
