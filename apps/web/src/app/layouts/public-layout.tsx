import type { I18n } from '@draftwell/shared/i18n/i18n';
import { languageInfo, supportedLanguage } from '@draftwell/shared/i18n/languages';
import { publicPageLanguages } from '@draftwell/shared/paths';
import { useLingui } from '@lingui/react';
import { Languages } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Logo } from '@/components/layouts/logo';
import { SkipLink } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { usePublicSession } from '@/lib/api/public-session';
import { cn } from '@/lib/cn';
import { keepDeviceLanguage } from '@/lib/device-language';
import { useHydrated } from '@/lib/use-hydrated';
import { Link } from '@/lib/navigation';

const nav = (i18n: I18n) => [
  { to: paths.pricing, label: i18n._('Pricing') },
  { to: paths.about, label: i18n._('About') },
  { to: paths.contact, label: i18n._('Contact') },
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
 * The reader's choice of language for the public pages (issue 25): a native select of the page's
 * languages, each in its own name. The choice stays on this device (the cookie a client's page
 * sets too), and the page is loaded again in it, as the server prerendered it.
 */
function LanguageChoice({ pathname }: { pathname: string }) {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const id = useId();
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="flex items-center">
        <Languages aria-hidden="true" className="size-4" />
        <span className="sr-only">{i18n._('Language of this page')}</span>
      </label>
      <select
        id={id}
        value={i18n.locale}
        disabled={!hydrated}
        onChange={(event) => {
          const next = supportedLanguage(event.target.value);
          if (!next) return;
          keepDeviceLanguage(next);
          window.location.reload();
        }}
        className="bg-background hover:bg-accent focus-visible:ring-ring h-9 cursor-pointer rounded-md border-0 px-1 text-sm focus-visible:ring-2 focus-visible:outline-none"
      >
        {publicPageLanguages(pathname).map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {languageInfo(tag).native}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The public pages' frame: the header with the menu, the theme and sign-in, and the footer.
 * `pathname`: the page shown (its menu link is marked); `children`: the page.
 */
export function PublicLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const session = usePublicSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="bg-background/90 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Logo to={paths.landing} />
          <nav aria-label={i18n._('Main')} className="ms-4 hidden items-center gap-1 sm:flex">
            {nav(i18n).map((item) => (
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
          <div className="ms-auto flex items-center gap-2">
            <ThemeToggle />
            {session ? (
              <Button asChild>
                <Link to={paths.dashboard}>{i18n._('Dashboard')}</Link>
              </Button>
            ) : (
              <>
                <Button variant="ghost" asChild className="hidden sm:inline-flex">
                  <Link to={paths.signIn()}>{i18n._('Sign in')}</Link>
                </Button>
                <Button asChild>
                  <Link to={paths.signUp()}>{i18n._('Start free')}</Link>
                </Button>
              </>
            )}
          </div>
        </div>
        <nav
          aria-label={i18n._('Main (small screens)')}
          className="flex gap-1 overflow-x-auto border-t px-4 py-1 sm:hidden"
        >
          {nav(i18n).map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              pathname={pathname}
              className="shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap"
            >
              {item.label}
            </NavLink>
          ))}
          {!session ? (
            <Link
              to={paths.signIn()}
              className="text-muted-foreground shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap"
            >
              {i18n._('Sign in')}
            </Link>
          ) : null}
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="text-muted-foreground border-t text-sm">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-4">
            <p>{i18n._('© {year} Draftwell. Open source, self-hostable.', { year: new Date().getFullYear() })}</p>
            <LanguageChoice pathname={pathname} />
          </div>
          <nav aria-label={i18n._('Footer')} className="flex flex-wrap gap-4">
            <Link to={paths.pricing} className="hover:text-foreground">
              {i18n._('Pricing')}
            </Link>
            <Link to={paths.about} className="hover:text-foreground">
              {i18n._('About')}
            </Link>
            <Link to={paths.privacy} className="hover:text-foreground">
              {i18n._('Privacy')}
            </Link>
            <Link to={paths.developers} className="hover:text-foreground">
              API
            </Link>
            <Link to={paths.verify} className="hover:text-foreground">
              {i18n._('Verify a proposal')}
            </Link>
            <Link to={paths.contact} className="hover:text-foreground">
              {i18n._('Contact')}
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
