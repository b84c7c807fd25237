import { removeResponseHeader } from './http/response-headers';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isAppRoute, isSharePath, PROTECTED_ROUTES, protectedRouteOf, shareTokenOf } from '@draftwell/shared';
import { CLIENT_LANGUAGE_COOKIE, LANGUAGE_TAGS, type TLanguage } from '@draftwell/shared/i18n/languages';
import { PUBLIC_ROUTES, publicPageLanguage } from '@draftwell/shared/paths';
import { renderSharePageHtml, SHARE_RENDER_FILE, sharePageRenderer } from './modules/share/share-page';
import { acceptedLanguages } from './lib/accept-language';
import {
  inlineScriptHashes,
  loadStaticFiles,
  readPageCatalogScripts,
  readScreenPreloads,
  withHeadLinks,
  withHtmlLanguage,
  type TStaticFile,
} from './lib/static-files';
import type { TAppDeps, TAppEnv } from './deps';

/**
 * Where the build puts the public pages it prerendered (scripts/build.mjs), one file per path and
 * language (`pricing.html` in English, `de/pricing.html` in German).
 */
const PRERENDERED_DIR = '/prerendered';
/** Where the build puts the client page's server render: code for the server, never served. */
const SHARE_RENDER_DIR = path.dirname(SHARE_RENDER_FILE);
/** The entries' HTML, served under the paths they draw, never under their own names. */
const ENTRY_PAGES = new Set(['/index.html', '/share.html', '/public.html', '/screen-preloads.json']);

/**
 * The web app, from its build (`deps.webDist`; none in API-only tests): the hashes of the pages'
 * inline scripts, for the Content-Security-Policy, and `serve`, the GET and HEAD handler of every
 * path the API and the realtime socket leave (build files, the client's page, the app's screens,
 * the public pages and the 404 page).
 */
export function webPages(deps: Pick<TAppDeps, 'webDist' | 'logger'>) {
  const files = deps.webDist ? loadStaticFiles(deps.webDist, { skip: [SHARE_RENDER_DIR] }) : new Map();
  const indexHtml = files.get('/index.html');
  // The client's page is its own entry, without the app shell (QUALITY P8); the app's otherwise.
  const shareHtml = files.get('/share.html') ?? indexHtml;
  // And rendered on the server with the proposal, when the build has the page's render (decision 0020).
  const shareTemplate = files.get('/share.html')?.body.toString('utf8') ?? null;
  const shareRenderer = sharePageRenderer(
    deps.webDist && shareTemplate ? path.join(deps.webDist, SHARE_RENDER_FILE) : null,
    deps.logger,
  );
  // The public pages are their own entry too, light enough for a phone (P8); those the build
  // prerendered are served as such, the others (sign-in, /verify) as this page to draw.
  const publicHtml = files.get('/public.html') ?? indexHtml;
  // Each in the language the reader is shown (the cookie, else Accept-Language, among the page's:
  // publicPageLanguage): the build prerendered each page in each of them (`de/pricing.html`); a page
  // drawn in the browser (sign-in) gets its `<html lang dir>` here.
  const publicHtmlIn = new Map(
    publicHtml ? LANGUAGE_TAGS.map((language) => [language, withHtmlLanguage(publicHtml, language)]) : [],
  );
  const prerenderedIn = (pathname: string, language: TLanguage) =>
    files.get(
      `${PRERENDERED_DIR}${language === 'en' ? '' : `/${language}`}${pathname === '/' ? '/index' : pathname}.html`,
    );
  const publicLanguage = (c: Context, pathname: string) =>
    publicPageLanguage(
      pathname,
      getCookie(c, CLIENT_LANGUAGE_COOKIE),
      acceptedLanguages(c.req.header('accept-language')),
    );
  const protectedHtml = protectedScreenPages(indexHtml, files.get('/screen-preloads.json'));
  const catalogScripts = readPageCatalogScripts(files.get('/page-catalog-scripts.json'));
  const scriptHashes = [
    ...new Set(
      [indexHtml, shareHtml, publicHtml].flatMap((html) =>
        html ? inlineScriptHashes(html.body.toString('utf8')) : [],
      ),
    ),
  ];

  const serve = async (c: Context<TAppEnv>) => {
    const p = c.req.path;
    const file = files.get(p);
    if (file && !ENTRY_PAGES.has(p) && !p.startsWith(PRERENDERED_DIR)) return sendFile(c, file);
    if (!indexHtml) return c.text('The web app is not built. Run npm start, which builds it.', 503);
    if (path.extname(p)) return c.text('Not found', 404);
    if (isSharePath(p)) {
      // A client's link: private to whoever holds it (never cached, indexed or sent on as a referrer).
      c.header('referrer-policy', 'no-referrer');
      c.header('x-robots-tag', 'noindex, nofollow');
      if (!isAppRoute(p)) return sendFile(c, indexHtml, 404, 'no-store');
      // A client's link is rendered with its proposal (or why it does not open) when it can be;
      // anything else here (the stop link of a follow-up mail) is drawn in the browser.
      const token = shareTokenOf(p);
      const rendered =
        c.req.method === 'GET' && shareTemplate && token
          ? await renderSharePageHtml(c, { token, template: shareTemplate, renderer: shareRenderer, catalogScripts })
          : null;
      if (rendered === null) return sendFile(c, shareHtml ?? indexHtml, 200, 'no-store');
      c.header('content-language', rendered.language);
      return sendPage(c, rendered.html);
    }
    // A protected screen is the app's; a public page its prerendered HTML (the browser hydrates it)
    // or the public pages' entry; any other path the 404 page, with its status.
    const screen = protectedRouteOf(p);
    const screenHtml = screen && protectedHtml.get(screen);
    if (screenHtml) return sendFile(c, screenHtml);
    const shown = isAppRoute(p) ? p.replace(/(.)\/+$/, '$1') : PUBLIC_ROUTES.notFound;
    const language = publicLanguage(c, shown);
    const page = prerenderedIn(shown, language) ?? publicHtmlIn.get(language) ?? publicHtml ?? indexHtml;
    return sendFile(c, page, isAppRoute(p) ? 200 : 404, undefined, language);
  };

  return { scriptHashes, serve };
}

/**
 * A screen behind the session gate needs the session first: the browser asks for it while the
 * app's script is still loading, and the app's first request for it takes that answer; and the
 * screen's own code (its chunks, as the build lists them in screen-preloads.json) comes with
 * the app's instead of after it (P12).
 */
function protectedScreenPages(indexHtml: TStaticFile | undefined, preloadsFile: TStaticFile | undefined) {
  const screenPreloads = readScreenPreloads(preloadsFile);
  const protectedHtml = new Map<string, TStaticFile>();
  if (indexHtml) {
    for (const route of Object.values(PROTECTED_ROUTES)) {
      const { js = [], css = [] } = screenPreloads[route] ?? {};
      protectedHtml.set(
        route,
        withHeadLinks(indexHtml, [
          '<link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous">',
          ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
          // crossorigin as Vite's loader asks for the stylesheet: a preload in another credentials
          // mode goes unused (fetched twice, and Chromium warns).
          ...css.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
        ]),
      );
    }
  }
  return protectedHtml;
}

const gzipAsync = promisify(zlib.gzip);

/** A page made for this one request (the client's page, rendered): never cached; gzipped off the event loop. */
async function sendPage(c: Context, html: string) {
  c.header('content-type', 'text/html; charset=utf-8');
  c.header('vary', 'accept-encoding');
  c.header('cache-control', 'no-store');
  const body = Buffer.from(html, 'utf8');
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(new Uint8Array(body), 200);
  c.header('content-encoding', 'gzip');
  return c.body(new Uint8Array(await gzipAsync(body, { level: 6 })), 200);
}

/**
 * Headers only a document acts on (A6 is about HTML responses): a hashed build file (a script, a
 * stylesheet, a font; no worker scripts are served) goes without them, keeping nosniff and CORP.
 * About 0.5 kB less on each of a page's scripts, which P8 counts with their headers.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
  'referrer-policy',
] as const;

function sendFile(
  c: Context,
  file: TStaticFile,
  status: 200 | 404 = 200,
  cacheControl?: 'no-store',
  /** A public page's: the language it is in, chosen by the cookie and Accept-Language. */
  language?: TLanguage,
) {
  c.header('content-type', file.type);
  if (language) {
    c.header('content-language', language);
    c.header('vary', 'accept-encoding, accept-language, cookie');
  } else c.header('vary', 'accept-encoding');
  c.header('cache-control', cacheControl ?? (file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache'));
  if (file.immutable && !file.type.startsWith('text/html'))
    for (const name of DOCUMENT_ONLY_HEADERS) removeResponseHeader(c, name);
  if (!cacheControl) c.header('etag', file.etag);
  if (!cacheControl && status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304);
  const accepted = c.req.header('accept-encoding') ?? '';
  const [encoding, body] =
    file.br && /\bbr\b/.test(accepted)
      ? ['br', file.br]
      : file.gzip && /\bgzip\b/.test(accepted)
        ? ['gzip', file.gzip]
        : [null, file.body];
  if (encoding) c.header('content-encoding', encoding);
  if (c.req.method === 'HEAD') return c.body(null, status);
  return c.body(new Uint8Array(body), status);
}
