import { lazy, type ComponentType } from 'react';
import { PUBLIC_ROUTES, SHARE_ROUTES } from '@/config/paths';

/**
 * The pages the public entry (public-main.tsx) draws, each its own chunk, loaded when first
 * opened (S5). The app's router does not draw them: it loads their document (route-table.tsx).
 */
type TLoader = () => Promise<{ default: ComponentType }>;

const LOADERS: Record<string, TLoader> = {
  [PUBLIC_ROUTES.landing]: () => import('../routes/public/landing'),
  [PUBLIC_ROUTES.auth]: () => import('../routes/public/auth'),
  [PUBLIC_ROUTES.pricing]: () => import('../routes/public/pricing'),
  [PUBLIC_ROUTES.about]: () => import('../routes/public/about'),
  [PUBLIC_ROUTES.contact]: () => import('../routes/public/contact'),
  [PUBLIC_ROUTES.privacy]: () => import('../routes/public/privacy'),
  [PUBLIC_ROUTES.developers]: () => import('../routes/public/developers'),
  [PUBLIC_ROUTES.notFound]: () => import('../routes/public/not-found'),
  [SHARE_ROUTES.verify]: () => import('../routes/share/verify'),
};

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** True when the public entry draws `pathname` itself. */
export const isPublicPage = (pathname: string) => normalize(pathname) in LOADERS;

const pages = new Map<string, ComponentType>();

/** The page at `pathname` (the 404 page for any other path), one lazy component per page. */
export function publicPage(pathname: string): { path: string; Page: ComponentType; load: TLoader } {
  const path = isPublicPage(pathname) ? normalize(pathname) : PUBLIC_ROUTES.notFound;
  const load = LOADERS[path]!;
  let Page = pages.get(path);
  if (!Page) {
    Page = lazy(load);
    pages.set(path, Page);
  }
  return { path, Page, load };
}
