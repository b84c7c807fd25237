import { useLingui } from '@lingui/react';
import type { CSSProperties, ReactNode } from 'react';
import { SkipLink } from '@/components/layouts/skip-link';
import { brandAccents } from '@draftwell/shared/document/display';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { LanguageSwitcher } from '../language/language-switcher';
import { ShareThemeToggle } from './share-theme-toggle';

export type TShareBrand = {
  /** The sender as the client knows them: company, else name. */
  name: string;
  logoUrl: string | null;
  brandColor: string;
};

/**
 * The client's page chrome: the sender's brand (never Draftwell's marketing header), the page's
 * own actions, and the brand colour made readable in both themes for everything inside.
 */
export function ShareLayout({
  brand,
  actions,
  footer,
  children,
}: {
  brand?: TShareBrand;
  actions?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const accents = brandAccents(brand?.brandColor);
  const hydrated = useHydrated();
  const style = accents
    ? ({ '--dv-accent-light': accents.light, '--dv-accent-dark': accents.dark } as CSSProperties)
    : undefined;
  return (
    <div
      style={style}
      className="flex min-h-dvh flex-col wrap-anywhere [--dv-accent:var(--dv-accent-light,var(--primary))] dark:[--dv-accent:var(--dv-accent-dark,var(--primary))]"
    >
      <SkipLink />
      <header className={cn('bg-card border-b print:hidden', brand && 'border-t-4 border-t-(--dv-accent)')}>
        <div className="mx-auto flex min-h-14 max-w-[52rem] items-center gap-3 px-4 py-2">
          {brand ? (
            brand.logoUrl ? (
              // Many logos are dark ink on transparent: in the dark theme they sit on a light tile.
              <img
                src={brand.logoUrl}
                alt={i18n._('{name} logo', { name: brand.name })}
                className="h-8 w-auto max-w-[9rem] min-w-0 shrink object-contain dark:rounded dark:bg-white dark:p-1"
              />
            ) : (
              <p className="min-w-0 truncate font-semibold tracking-tight">{brand.name}</p>
            )
          ) : null}
          <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-2">
            {actions}
            <LanguageSwitcher />
            <ShareThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* A page the server rendered is on screen before its code runs: until it is hydrated, a
            tick or a typed letter would be lost. One disabled fieldset holds every control back,
            so hydrating changes this one element. */}
        <fieldset disabled={!hydrated} className="min-w-0">
          {children}
        </fieldset>
      </main>
      {footer ? (
        <footer className="text-muted-foreground border-t text-sm print:hidden">
          <div className="mx-auto flex max-w-[52rem] flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6">
            {footer}
          </div>
        </footer>
      ) : null}
    </div>
  );
}
