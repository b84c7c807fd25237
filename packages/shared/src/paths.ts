import { APP_LANGUAGE_TAGS, closestLanguage, LANGUAGE_TAGS, supportedLanguage, type TLanguage } from './i18n/languages';

/** Every URL of the web app; the web app builds its links from here and the server knows them. */
export const PUBLIC_ROUTES = {
  landing: '/',
  auth: '/auth',
  pricing: '/pricing',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  /** The public API's reference (its OpenAPI document, drawn by a viewer loaded only there). */
  developers: '/developers',
  notFound: '/404',
} as const;

export const PROTECTED_ROUTES = {
  dashboard: '/dashboard',
  editDraft: '/edit-draft/:id',
  templates: '/templates',
  templateEdit: '/templates/:id/edit',
  library: '/library',
  sectionEdit: '/library/sections/:id',
  profile: '/profile',
  proposal: '/proposals/:id',
} as const;

/** The client's side: public, reached by a share link, and the public verification page. */
export const SHARE_ROUTES = {
  share: '/p/:token',
  /** The stop link in every automatic follow-up mail: confirms, then stops them for that signer. */
  stopFollowUps: '/p/stop/:token',
  verify: '/verify',
} as const;

/** The stop link's path (the server puts it in mails, with BASE_URL before it). */
export const stopFollowUpsPath = (token: string) => `/p/stop/${encodeURIComponent(token)}`;

/** The pages of the public pages' own entry (public-main.tsx): the public routes and /verify. */
export const PUBLIC_PAGE_ROUTES = [...Object.values(PUBLIC_ROUTES), SHARE_ROUTES.verify] as const;

/**
 * The public pages the build prerenders to HTML (served as such, then hydrated). Not /auth: what
 * it shows depends on the query and the session.
 */
export const PRERENDERED_ROUTES = [
  PUBLIC_ROUTES.landing,
  PUBLIC_ROUTES.pricing,
  PUBLIC_ROUTES.about,
  PUBLIC_ROUTES.contact,
  PUBLIC_ROUTES.privacy,
  PUBLIC_ROUTES.developers,
  SHARE_ROUTES.verify,
  PUBLIC_ROUTES.notFound,
] as const;

/** The pages search engines are pointed at (sitemap.xml). */
export const CRAWLED_ROUTES = PRERENDERED_ROUTES.filter((route) => route !== PUBLIC_ROUTES.notFound);

/** A share page's path: served with no-referrer, no-store and noindex headers. */
export const isSharePath = (pathname: string) => pathname.startsWith('/p/');

/**
 * The token of a client's link (`/p/:token`), as the server renders its page and the browser
 * reads it; '' when the path is not one, or its token does not decode.
 */
export function shareTokenOf(pathname: string): string {
  const match = /^\/p\/([^/]+)\/?$/.exec(pathname);
  try {
    return match?.[1] ? decodeURIComponent(match[1]) : '';
  } catch {
    return '';
  }
}

const patternOf = (route: string) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`);
const ROUTE_PATTERNS = [
  ...Object.values(PUBLIC_ROUTES),
  ...Object.values(PROTECTED_ROUTES),
  ...Object.values(SHARE_ROUTES),
].map(patternOf);
const PROTECTED_PATTERNS = Object.values(PROTECTED_ROUTES).map((route) => ({ route, re: patternOf(route) }));

/** True when the path is one of the app's screens (the server answers 404 for the rest). */
export function isAppRoute(pathname: string): boolean {
  return ROUTE_PATTERNS.some((re) => re.test(pathname));
}

/** True when the path is a screen behind the session gate (the dashboard, the editor…). */
export function isProtectedRoute(pathname: string): boolean {
  return protectedRouteOf(pathname) !== null;
}

/** The protected route a path is a screen of (`/edit-draft/:id` for `/edit-draft/abc`), or null. */
export function protectedRouteOf(pathname: string): (typeof PROTECTED_ROUTES)[keyof typeof PROTECTED_ROUTES] | null {
  return PROTECTED_PATTERNS.find(({ re }) => re.test(pathname))?.route ?? null;
}

/**
 * The languages a public page is shown in (issue 25): /verify, which clients read to check their
 * sealed PDF, in all sixteen; the others (landing, pricing, sign-in…) in the app's six.
 */
export function publicPageLanguages(pathname: string): readonly TLanguage[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === SHARE_ROUTES.verify ? LANGUAGE_TAGS : APP_LANGUAGE_TAGS;
}

/**
 * The language a public page is shown in: the one chosen on this device (the cookie the language
 * switchers set), else the closest of the reader's (Accept-Language or `navigator.languages`), among
 * the page's languages; English when none is.
 */
export function publicPageLanguage(pathname: string, chosen: unknown, preferred: readonly string[]): TLanguage {
  const languages = publicPageLanguages(pathname);
  const device = supportedLanguage(chosen);
  if (device && languages.includes(device)) return device;
  for (const wanted of preferred) {
    const tag = closestLanguage([wanted]);
    if (tag && languages.includes(tag)) return tag;
  }
  return 'en';
}
