import { Trans, useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useTheme } from '@/lib/theme';
import type { TMountReference } from '../utils/reference-viewer';

type TState =
  | { status: 'loading' }
  /** `httpStatus` when the document itself did not load; none when the viewer did not. */
  | { status: 'error'; httpStatus?: number }
  | { status: 'ready'; spec: unknown; mount: TMountReference };

/** The document answered with an error status; the message is worded at render time. */
class DocumentLoadError extends Error {
  readonly httpStatus: number;
  constructor(httpStatus: number) {
    // No message of its own: the page words it, in the app's language.
    super();
    this.httpStatus = httpStatus;
  }
}

async function loadDocument(): Promise<unknown> {
  const res = await fetch(paths.openApiDocument, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new DocumentLoadError(res.status);
  return res.json();
}

/**
 * The API reference: the served OpenAPI document, drawn by Swagger UI. The viewer (about 400 kB)
 * is fetched only here, after the page itself is drawn, together with the document.
 */
export function ApiReference() {
  const { i18n } = useLingui();
  const [state, setState] = useState<TState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { resolvedTheme } = useTheme();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    Promise.all([loadDocument(), import('../utils/reference-viewer')])
      .then(([spec, viewer]) => live && setState({ status: 'ready', spec, mount: viewer.mountReference }))
      .catch((error: unknown) => {
        if (!live) return;
        setState({ status: 'error', httpStatus: error instanceof DocumentLoadError ? error.httpStatus : undefined });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const ready = state.status === 'ready' ? state : null;
  useEffect(() => {
    if (!ready || !host.current) return;
    return ready.mount(host.current, ready.spec);
  }, [ready]);

  // Swagger UI's own dark theme follows a class on <html>; only while this page is open.
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark-mode', resolvedTheme === 'dark');
    return () => root.classList.remove('dark-mode');
  }, [resolvedTheme]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <div className="mt-6">
      <noscript>
        <p className="mb-4">
          <Trans
            id="The reference needs JavaScript. The OpenAPI document it draws is at <0>{url}</0>."
            values={{ url: paths.openApiDocument }}
            components={{
              0: (
                <a href={paths.openApiDocument} className="text-primary font-medium underline underline-offset-4">
                  {paths.openApiDocument}
                </a>
              ),
            }}
          />
        </p>
      </noscript>
      {state.status === 'loading' ? (
        <div role="status" aria-live="polite" className="grid gap-3">
          <span className="sr-only">{i18n._('Loading the API reference…')}</span>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-5">
          <p className="font-medium">
            {state.httpStatus === undefined
              ? i18n._('The reference viewer did not load. Check your connection and try again.')
              : i18n._('The API description did not load (HTTP {status}).', { status: state.httpStatus })}
          </p>
          <p className="text-muted-foreground text-sm">
            <Trans
              id="The document itself is at <0>{url}</0>."
              values={{ url: paths.openApiDocument }}
              components={{
                0: (
                  <a href={paths.openApiDocument} className="text-primary font-medium underline underline-offset-4">
                    {paths.openApiDocument}
                  </a>
                ),
              }}
            />
          </p>
          <Button variant="outline" onClick={retry}>
            {i18n._('Try again')}
          </Button>
        </div>
      ) : null}
      <div ref={host} className="api-reference" hidden={!ready} />
    </div>
  );
}
