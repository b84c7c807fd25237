import { Hono } from 'hono';
import { accountRoutes } from './modules/account/account.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { v1Routes } from './modules/public-api/v1.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { billingWebhookRoutes } from './modules/billing/billing-webhook.routes';
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
import { sharePaymentRoutes } from './modules/share/share-payment.routes';
import { shareRoutes } from './modules/share/share.routes';
import { verifyRoutes } from './modules/verify/verify.routes';
import { savedItemsRoutes } from './modules/saved-items/saved-items.routes';
import { savedSectionsRoutes } from './modules/saved-sections/saved-sections.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { sessionRoutes } from './modules/auth/auth.routes';
import { authHandler } from './modules/auth/auth.handler';
import { keepConnectionsUsable } from './http/early-answer';
import { errorHandler } from './http/error-handler';
import { mountHealthAndCrawlRoutes } from './http/health';
import { mountRealtimeRoute } from './http/realtime-route';
import { requestContext } from './http/request-context';
import { SegmentRouter } from './http/segment-router';
import { securityHeaders } from './http/security-headers';
import { AppError } from './lib/app-error';
import { apiBodyLimits, apiJsonBodies, apiSameOrigin } from './api-guards';
import { webPages } from './web-pages';
import type { TAppDeps, TAppEnv } from './deps';

export { MAX_JSON_BODY_BYTES } from './api-guards';

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

/**
 * The whole app, in the order a request meets it: the connection keeper, the request's context
 * (and the 503 while draining), the security headers and the error handler; the routes for
 * machines; the API (its body limits and checks, then auth, the public API, the typed API and a
 * 404); the realtime socket; and the web app's files and pages for every other GET or HEAD.
 * `state.draining` is set by the server when it shuts down.
 */
export function createApp(deps: TAppDeps) {
  const { env, logger } = deps;
  const origin = new URL(env.baseUrl).origin;
  const state: TAppState = { draining: false };
  // Routed by first path segment: /healthz, /realtime and the pages are not matched among the API's routes (P1).
  const app = new Hono<TAppEnv>({ router: new SegmentRouter() });
  const pages = webPages(deps);

  // First, so that it sees every answer, errors included, and can keep or close the connection.
  app.use('*', keepConnectionsUsable());
  app.use('*', requestContext(deps, state));
  app.use('*', securityHeaders({ scriptHashes: pages.scriptHashes, https: origin.startsWith('https://') }));
  app.onError(errorHandler(logger));

  mountHealthAndCrawlRoutes(app, origin, deps.database);

  app.use('/api/*', apiBodyLimits());
  app.use('/api/*', apiSameOrigin(env));
  app.use('/api/*', apiJsonBodies());
  app.on(['GET', 'POST'], '/api/auth/*', authHandler);
  app.route('/api/v1', v1Routes);
  app.route('/api', api);
  app.all('/api/*', (c) => {
    throw new AppError('not_found', `There is no API route ${c.req.method} ${c.req.path}.`);
  });

  mountRealtimeRoute(app, deps);

  app.on(['GET', 'HEAD'], '*', pages.serve);

  return { app, state };
}
