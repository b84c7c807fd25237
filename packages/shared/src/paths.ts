/** Every URL of the web app; the web app builds its links from here and the server knows them. */
export const PUBLIC_ROUTES = {
  landing: '/',
  auth: '/auth',
  pricing: '/pricing',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  notFound: '/404',
} as const;

export const PROTECTED_ROUTES = {
  dashboard: '/dashboard',
  editDraft: '/edit-draft/:id',
  templates: '/templates',
  templateEdit: '/templates/:id/edit',
  profile: '/profile',
  proposal: '/proposals/:id',
} as const;

/** The client's side: public, reached by a share link, and the public verification page. */
export const SHARE_ROUTES = {
  share: '/p/:token',
  verify: '/verify',
} as const;

/** A share page's path: served with no-referrer, no-store and noindex headers. */
export const isSharePath = (pathname: string) => pathname.startsWith('/p/');

const ROUTE_PATTERNS = [
  ...Object.values(PUBLIC_ROUTES),
  ...Object.values(PROTECTED_ROUTES),
  ...Object.values(SHARE_ROUTES),
].map((route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`));

/** True when the path is one of the app's screens (the server answers 404 for the rest). */
export function isAppRoute(pathname: string): boolean {
  return ROUTE_PATTERNS.some((re) => re.test(pathname));
}
