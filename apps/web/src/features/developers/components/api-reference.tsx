import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useTheme } from '@/lib/theme';
import type { TMountReference } from '../utils/reference-viewer';

type TState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; spec: unknown; mount: TMountReference };

async function loadDocument(): Promise<unknown> {
  const res = await fetch(paths.openApiDocument, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`The API description did not load (HTTP ${res.status}).`);
  return res.json();
}

/**
 * The API reference: the served OpenAPI document, drawn by Swagger UI. The viewer (about 400 kB)
 * is fetched only here, after the page itself is drawn, together with the document.
 */
export function ApiReference() {
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
        const message =
          error instanceof Error && error.message.startsWith('The API description')
            ? error.message
            : 'The reference viewer did not load. Check your connection and try again.';
        setState({ status: 'error', message });
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
          The reference needs JavaScript. The OpenAPI document it draws is at{' '}
          <a href={paths.openApiDocument} className="text-primary font-medium underline underline-offset-4">
            {paths.openApiDocument}
          </a>
          .
        </p>
      </noscript>
      {state.status === 'loading' ? (
        <div role="status" aria-live="polite" className="grid gap-3">
          <span className="sr-only">Loading the API reference…</span>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-5">
          <p className="font-medium">{state.message}</p>
          <p className="text-muted-foreground text-sm">
            The document itself is at{' '}
            <a href={paths.openApiDocument} className="text-primary font-medium underline underline-offset-4">
              {paths.openApiDocument}
            </a>
            .
          </p>
          <Button variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
      <div ref={host} className="api-reference" hidden={!ready} />
    </div>
  );
}
