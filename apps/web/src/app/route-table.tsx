import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PROTECTED_ROUTES, PUBLIC_PAGE_ROUTES, PUBLIC_ROUTES, SHARE_ROUTES } from '@/config/paths';
import { PageLoading } from '@/components/layouts/page-loading';
import { ProtectedRoute } from '@/app/layouts/protected-route';
import { RouteError } from '@/components/layouts/route-error';
import { preloadScreen, SCREEN_DATA, type TScreenData } from './screen-preload';

/**
 * Each screen is its own chunk, loaded when first visited (S5), and shows `Loading...` meanwhile.
 * The router navigates inside startTransition, and a transition keeps an already revealed
 * Suspense boundary (the layout's) on the old screen; so each screen gets its own boundary,
 * keyed, which is new on every switch of screen and shows its fallback at once.
 */
let screenCount = 0;
type TLoader = () => Promise<{ default: ComponentType }>;
// One lazy component per module, so two routes of one screen (the dashboard and its editor)
// do not show Loading... when moving between them: the module is already there.
const lazyScreens = new Map<TLoader, ComponentType>();
const screen = (load: TLoader) => {
  let Screen = lazyScreens.get(load);
  if (!Screen) {
    Screen = lazy(load);
    lazyScreens.set(load, Screen);
  }
  return (
    <Suspense key={`screen-${screenCount++}`} fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
};

const dashboard: TLoader = () => import('./routes/app/dashboard');
const templates: TLoader = () => import('./routes/app/templates');
const templateEdit: TLoader = () => import('./routes/app/template-edit');
const profile: TLoader = () => import('./routes/app/profile');
const library: TLoader = () => import('./routes/app/library');
const sectionEdit: TLoader = () => import('./routes/app/section-edit');
const proposal: TLoader = () => import('./routes/app/proposal');

/**
 * A public page, reached from the app (a link, sign-out, the session gate): the public pages are
 * their own entry (public-main.tsx), so their document is loaded. The address is already theirs.
 */
function PublicDocument() {
  useLayoutEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <PageLoading />;
}

/**
 * Every route of the app (the protected screens and the client's page; the public pages have their
 * own entry). Given the app's query client, a protected screen starts its code, the session and
 * its first data at once when its URL is matched (screen-preload.ts).
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  const guarded = (load: TLoader, data?: TScreenData): Pick<RouteObject, 'element' | 'loader'> => ({
    element: screen(load),
    ...(queryClient ? { loader: preloadScreen(queryClient, load, data) } : {}),
  });
  return [
    ...PUBLIC_PAGE_ROUTES.map((path) => ({ path, element: <PublicDocument /> })),
    // The client's page has the sender's chrome, not the marketing layout's.
    { path: SHARE_ROUTES.share, element: screen(() => import('./routes/share/share')), errorElement: <RouteError /> },
    {
      path: SHARE_ROUTES.stopFollowUps,
      element: screen(() => import('./routes/share/stop-follow-ups')),
      errorElement: <RouteError />,
    },
    {
      element: <ProtectedRoute />,
      errorElement: <RouteError />,
      children: [
        { path: PROTECTED_ROUTES.dashboard, ...guarded(dashboard, SCREEN_DATA.dashboard) },
        { path: PROTECTED_ROUTES.editDraft, ...guarded(dashboard, SCREEN_DATA.editDraft) },
        { path: PROTECTED_ROUTES.templates, ...guarded(templates) },
        { path: PROTECTED_ROUTES.templateEdit, ...guarded(templateEdit) },
        { path: PROTECTED_ROUTES.profile, ...guarded(profile) },
        { path: PROTECTED_ROUTES.library, ...guarded(library) },
        { path: PROTECTED_ROUTES.sectionEdit, ...guarded(sectionEdit) },
        { path: PROTECTED_ROUTES.proposal, ...guarded(proposal, SCREEN_DATA.proposal) },
      ],
    },
    { path: '*', element: <Navigate to={PUBLIC_ROUTES.notFound} replace /> },
  ];
}
