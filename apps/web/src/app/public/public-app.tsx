import type { I18n } from '@draftwell/shared/i18n/i18n';
import { I18nProvider } from '@lingui/react';
import { Suspense, useEffect, useState } from 'react';
import { PageLoading } from '@/components/layouts/page-loading';
import { LightToaster } from '@/components/ui/light-toaster';
import { PublicLayout } from '@/app/layouts/public-layout';
import { takeFlashes } from '@/lib/flash';
import { showToast } from '@/lib/light-toast';
import { RealtimeClient, realtimeUrl } from '@/lib/realtime/realtime-client';
import { LinkProvider, navigate, PublicLink, useLocationOf, type TLinkProps } from '@/lib/navigation';
import { publicPage } from './public-pages';

const publicLink = (props: TLinkProps) => <PublicLink {...props} />;

/**
 * The public pages as one small app (public-main.tsx; the build prerenders it, prerender.tsx):
 * the layout around the page at the address, which changes in place when a link to another
 * public page is followed. `at`: the address when there is no window (the prerender), and the
 * one the prerendered HTML was made for when hydrating. `i18n`: the words in the language the page
 * is shown in (public-language.ts), the one it was prerendered in.
 */
export function PublicApp({ at, i18n }: { at: { pathname: string; search: string }; i18n: I18n }) {
  const { pathname } = useLocationOf(at);
  const { path, Page } = publicPage(pathname);
  useEffect(() => {
    for (const message of takeFlashes()) showToast(message);
  }, []);
  // S10: the realtime connection opens when the app starts (on the public channel; nobody is
  // signed in to a public page's app) and closes when it is torn down. None while prerendering.
  const [realtime] = useState(() => (typeof window === 'undefined' ? null : new RealtimeClient(realtimeUrl())));
  useEffect(() => {
    realtime?.start();
    return () => realtime?.stop();
  }, [realtime]);
  // Any other address shows the 404 page under its own name (S3).
  useEffect(() => {
    if (path !== pathname.replace(/(.)\/+$/, '$1')) navigate(path, { replace: true });
  }, [path, pathname]);
  return (
    <I18nProvider i18n={i18n}>
      <LinkProvider value={publicLink}>
        <PublicLayout pathname={path}>
          {/* Keyed: a page opened from another shows Loading... at once while its code arrives (S5). */}
          <Suspense key={path} fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </PublicLayout>
        <LightToaster />
      </LinkProvider>
    </I18nProvider>
  );
}
