import { useLingui } from '@lingui/react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A chunk that no longer exists on the server: the app was updated while this tab was open. */
const STALE_CODE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/**
 * What a screen shows when it breaks instead of React Router's developer page: what happened in
 * plain words and the two ways on. Typing is kept on this device by autosave, so a reload is safe.
 */
export function RouteError() {
  const { i18n } = useLingui();
  const error = useRouteError();
  const stale = error instanceof Error && STALE_CODE.test(error.message);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  useEffect(() => {
    document.title = i18n._('Something went wrong — Draftwell');
    // For whoever reads the console or a bug report; the page says it in plain words.
    console.error(error);
  }, [error, i18n]);

  return (
    <main className="bg-background text-foreground flex min-h-svh items-center justify-center px-4 py-16">
      <div role="alert" className="flex max-w-xl flex-col items-center text-center">
        <span className="bg-destructive/10 text-destructive grid size-14 place-items-center rounded-full">
          <AlertTriangle className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight sm:text-3xl">
          {stale ? i18n._('Draftwell was updated') : i18n._('Something went wrong on this page')}
        </h1>
        <p className="text-muted-foreground mt-4">
          {stale
            ? i18n._('This tab has an older version of the app. Reload to get the new one.')
            : i18n._(
                'Reload to try again. Anything you typed in a proposal or template is kept on this device and offered back when it opens.',
              )}
        </p>
        {detail && !stale ? (
          <p className="text-muted-foreground bg-muted mt-4 max-w-full rounded-md px-3 py-2 font-mono text-xs break-words">
            {detail}
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" /> {i18n._('Reload')}
          </Button>
          <Button asChild size="lg" variant="outline">
            {/* A plain link: the router that failed is not trusted to navigate. */}
            <a href={paths.dashboard}>{i18n._('Open your dashboard')}</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
