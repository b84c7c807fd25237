import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { isAppRoute, isSharePath, PROTECTED_ROUTES, protectedRouteOf, shareTokenOf } from '@draftwell/shared';
import { CLIENT_LANGUAGE_COOKIE, LANGUAGE_TAGS, type TLanguage } from '@draftwell/shared/i18n/languages';
import { PUBLIC_ROUTES, publicPageLanguage } from '@draftwell/shared/paths';
import { uploadMessage } from '@draftwell/shared/workspace/files';
import { accountRoutes } from './modules/account/account.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { v1Routes } from './modules/public-api/v1.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { billingWebhookRoutes, WEBHOOK_MAX_BODY_BYTES, WEBHOOK_PATH } from './modules/billing/billing-webhook.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { draftsRoutes } from './modules/drafting/drafts.routes';
import { filesRoutes } from './modules/files/files.routes';
import { followUpRoutes } from './modules/follow-up/follow-up.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { paymentsConnectCallbackRoutes, paymentsRoutes } from './modules/payments/payments.routes';
import { paymentsWebhookRoutes } from './modules/payments/payments-webhook.routes';
import { proposalPaymentRoutes } from './modules/payments/owner-payment.routes';
import { proposalsRoutes } from './modules/proposals/proposals.routes';
import { sharePaymentRoutes } from './modules/payments/share-payment.routes';
import { renderSharePageHtml, SHARE_RENDER_FILE, sharePageRenderer } from './modules/share/share-page';
import { shareRoutes } from './modules/share/share.routes';
import { CONNECT_WEBHOOK_PATH } from './modules/payments/connections';
import { VERIFY_MAX_BODY_BYTES, VERIFY_MAX_JSON_BYTES, verifyRoutes } from './modules/verify/verify.routes';
import { savedItemsRoutes } from './modules/saved-items/saved-items.routes';
import { savedSectionsRoutes } from './modules/saved-sections/saved-sections.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { sessionRoutes } from './modules/auth/auth.routes';
import { authHandler } from './modules/auth/auth.handler';
import { bodyLimit } from './http/body-limit';
import { keepConnectionsUsable } from './http/early-answer';
import { foreignOrigin, requireJsonBody, requireSameOrigin } from './http/middleware';
import { securityHeaders } from './http/security-headers';
import { robotsTxt, sitemapXml } from './http/crawl';
import { AppError, errorBody } from './lib/app-error';
import { acceptedLanguages } from './lib/accept-language';
import { serverI18n } from './lib/i18n';
import { resolveClientIp } from './lib/client-ip';
import { UPLOAD_MAX_BODY_BYTES, UPLOAD_PATHS } from './storage/upload-form';
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

/** Largest JSON body any route accepts; bigger ones are refused before parsing (A21). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The payments' webhooks: the Connect endpoint and each restricted-key connection's own. */
const isPaymentWebhook = (path: string) => path === CONNECT_WEBHOOK_PATH || path.startsWith(`${CONNECT_WEBHOOK_PATH}/`);

/** The typed API, for the web app's RPC client (`hc<AppType>`). */
const api = new Hono<TAppEnv>()
  .route('/session', sessionRoutes)
  .route('/contact', contactRoutes)
  .route('/proposals', proposalsRoutes)
  .route('/proposals', proposalPaymentRoutes)
  .route('/notifications', notificationsRoutes)
  .route('/share', shareRoutes)
  .route('/share', sharePaymentRoutes)
  .route('/verify', verifyRoutes)
  .route('/drafts', draftsRoutes)
  .route('/overview', overviewRoutes)
  .route('/clients', clientsRoutes)
  .route('/saved-items', savedItemsRoutes)
  .route('/saved-sections', savedSectionsRoutes)
  .route('/templates', templatesRoutes)
  .route('/profile', profileRoutes)
  .route('/files', filesRoutes)
  .route('/follow-up', followUpRoutes)
  .route('/account', accountRoutes)
  .route('/api-keys', apiKeysRoutes)
  .route('/webhooks', webhooksRoutes)
  // Before '/billing', whose routes all require a session: Stripe has none.
  .route('/billing/webhook', billingWebhookRoutes)
  .route('/billing', billingRoutes)
  // Before '/payments', whose routes all require a session: Stripe (and its redirect) has none.
  .route('/payments/webhook', paymentsWebhookRoutes)
  .route('/payments/connect/callback', paymentsConnectCallbackRoutes)
  .route('/payments', paymentsRoutes)
  .route('/admin', adminRoutes);
export type AppType = typeof api;

export type TAppState = { draining: boolean };

export function createApp(deps: TAppDeps) {
  const { env, logger } = deps;
  const origin = new URL(env.baseUrl).origin;
  const state: TAppState = { draining: false };
  const app = new Hono<TAppEnv>();

  const files = deps.webDist ? loadStaticFiles(deps.webDist, { skip: [SHARE_RENDER_DIR] }) : new Map();
  const indexHtml = files.get('/index.html');
  // The client's page is its own entry, without the app shell (QUALITY P8); the app's otherwise.
  const shareHtml = files.get('/share.html') ?? indexHtml;
  // And rendered on the server with the proposal, when the build has the page's render (decision 0020).
  const shareTemplate = files.get('/share.html')?.body.toString('utf8') ?? null;
  const shareRenderer = sharePageRenderer(
    deps.webDist && shareTemplate ? path.join(deps.webDist, SHARE_RENDER_FILE) : null,
    logger,
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
  const publicLanguage = (c: import('hono').Context, pathname: string) =>
    publicPageLanguage(
      pathname,
      getCookie(c, CLIENT_LANGUAGE_COOKIE),
      acceptedLanguages(c.req.header('accept-language')),
    );
  // A screen behind the session gate needs the session first: the browser asks for it while the
  // app's script is still loading, and the app's first request for it takes that answer; and the
  // screen's own code (its chunks, as the build lists them in screen-preloads.json) comes with
  // the app's instead of after it (P12).
  const screenPreloads = readScreenPreloads(files.get('/screen-preloads.json'));
  const catalogScripts = readPageCatalogScripts(files.get('/page-catalog-scripts.json'));
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
  const scriptHashes = [
    ...new Set(
      [indexHtml, shareHtml, publicHtml].flatMap((html) =>
        html ? inlineScriptHashes(html.body.toString('utf8')) : [],
      ),
    ),
  ];

  // First, so that it sees every answer, errors included, and can keep or close the connection.
  app.use('*', keepConnectionsUsable());
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('clientIp', resolveClientIp(c, env.trustProxy));
    c.set('log', logger.child({ reqId: requestId }));
    c.header('x-request-id', requestId);
    if (state.draining) {
      c.header('connection', 'close');
      return c.json(errorBody('unavailable', 'The server is restarting. Try again in a moment.', requestId), 503);
    }
    const started = performance.now();
    await next();
    const p = c.req.path;
    if (p.startsWith('/api/') || p === '/realtime') {
      c.var.log.info(
        { method: c.req.method, path: p, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });

  app.use('*', securityHeaders({ scriptHashes, https: origin.startsWith('https://') }));

  app.onError((err, c) => {
    const requestId = c.get('requestId') ?? randomUUID();
    if (err instanceof AppError) {
      if (err.options.retryAfter) c.header('retry-after', String(err.options.retryAfter));
      return c.json(errorBody(err.code, err.message, requestId, err.options), err.status as 400);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const status = err.status;
      const [code, message] =
        status === 413
          ? (['too_large', 'The request body is too large.'] as const)
          : status === 400
            ? (['invalid', 'The request body is not valid JSON.'] as const)
            : (['invalid', err.message || 'The request could not be understood.'] as const);
      return c.json(errorBody(code, message, requestId), status);
    }
    if (isDatabaseUnavailable(err)) {
      c.var.log?.warn({ err: (err as Error).message }, 'database unavailable');
      c.header('retry-after', '5');
      return c.json(
        errorBody('unavailable', 'The service is briefly unavailable. Try again in a few seconds.', requestId),
        503,
      );
    }
    (c.var.log ?? logger).error({ err, path: c.req.path }, 'unhandled error');
    return c.json(
      errorBody(
        'internal',
        `Something went wrong on our side. If it keeps happening, contact us and quote request ${requestId}.`,
        requestId,
      ),
      500,
    );
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  const robots = robotsTxt(origin);
  const sitemap = sitemapXml(origin);
  app.get('/robots.txt', (c) => c.text(robots, 200, { 'cache-control': 'public, max-age=3600' }));
  app.get('/sitemap.xml', (c) =>
    c.body(sitemap, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' }),
  );
  app.get('/readyz', async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'database unavailable' }, 503);
    }
  });

  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new AppError('too_large', `The request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB.`);
    },
  });
  // Uploads take multipart bodies up to their own limit, refused from Content-Length before reading.
  const uploadBodyLimit = bodyLimit({
    maxSize: UPLOAD_MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('too_large', uploadMessage(serverI18n('en'), 'tooLarge'));
    },
  });
  const verifyBodyLimit = bodyLimit({
    maxSize: VERIFY_MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('too_large', 'Choose a PDF of at most 10 MB.');
    },
  });
  const verifyJsonBodyLimit = bodyLimit({
    maxSize: VERIFY_MAX_JSON_BYTES,
    onError: () => {
      throw new AppError(
        'too_large',
        `Send only the hash: the request body is larger than ${VERIFY_MAX_JSON_BYTES / 1024} KB.`,
      );
    },
  });
  const webhookBodyLimit = bodyLimit({
    maxSize: WEBHOOK_MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('too_large', `The request body is larger than ${WEBHOOK_MAX_BODY_BYTES / 1024} KB.`);
    },
  });
  app.use('/api/*', (c, next) =>
    (UPLOAD_PATHS.includes(c.req.path)
      ? uploadBodyLimit
      : c.req.path === '/api/verify'
        ? isMultipart(c)
          ? verifyBodyLimit
          : verifyJsonBodyLimit
        : c.req.path === WEBHOOK_PATH || isPaymentWebhook(c.req.path)
          ? webhookBodyLimit
          : jsonBodyLimit)(c, next),
  );
  // Stripe's webhooks come from Stripe's servers, with no Origin: their signature stands in (A16).
  // The public API is called with a key, never a cookie: a page elsewhere has no key to send.
  const webhooks = [WEBHOOK_PATH, CONNECT_WEBHOOK_PATH, `${CONNECT_WEBHOOK_PATH}/*`];
  app.use('/api/*', requireSameOrigin(env, [...webhooks, '/api/v1/*']));
  app.use('/api/*', requireJsonBody([...UPLOAD_PATHS, '/api/verify', ...webhooks]));
  app.on(['GET', 'POST'], '/api/auth/*', authHandler);
  app.route('/api/v1', v1Routes);
  app.route('/api', api);
  app.all('/api/*', (c) => {
    throw new AppError('not_found', `There is no API route ${c.req.method} ${c.req.path}.`);
  });

  app.get(
    '/realtime',
    async (c, next) => {
      const from = c.req.header('origin');
      if (from === undefined || !env.origins.includes(from)) throw foreignOrigin(env, from);
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      const ip = c.var.clientIp;
      if (!session && !deps.realtime.mayOpenAnonymous(ip)) {
        throw new AppError(
          'rate_limited',
          'Too many open connections from this address. Close some tabs and try again.',
          {
            retryAfter: 30,
          },
        );
      }
      c.set('realtimeOwner', { ip, session: session ? { id: session.session.id, userId: session.user.id } : null });
      return next();
    },
    upgradeWebSocket((c) => deps.realtime.connection(c.get('realtimeOwner'))),
  );

  app.on(['GET', 'HEAD'], '*', async (c) => {
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
  });

  return { app, state };
}

const gzipAsync = promisify(zlib.gzip);

/** A page made for this one request (the client's page, rendered): never cached; gzipped off the event loop. */
async function sendPage(c: import('hono').Context, html: string) {
  c.header('content-type', 'text/html; charset=utf-8');
  c.header('vary', 'accept-encoding');
  c.header('cache-control', 'no-store');
  const body = Buffer.from(html, 'utf8');
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(new Uint8Array(body), 200);
  c.header('content-encoding', 'gzip');
  return c.body(new Uint8Array(await gzipAsync(body, { level: 6 })), 200);
}

const isMultipart = (c: import('hono').Context) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

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
  c: import('hono').Context,
  file: import('./lib/static-files').TStaticFile,
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
    for (const name of DOCUMENT_ONLY_HEADERS) c.header(name, undefined);
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

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);
function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  const code = e.code ?? e.cause?.code;
  return (
    (code !== undefined && UNAVAILABLE_CODES.has(code)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(e.message ?? '')
  );
}
