import { Hono } from 'hono';
import { requireApiKey, type TApiEnv } from './require-api-key';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';
import { PROPOSAL_ROUTES } from './proposals.v1';
import { apiRoutes } from './registry';
import { WEBHOOK_ROUTES } from './webhooks.v1';
import { CLIENT_ROUTES, SAVED_ITEM_ROUTES, TEMPLATE_ROUTES } from './workspace.v1';

let openApiDocument: object | null = null;

/**
 * The public API (issue 17, decision 0022), under `/api/v1`, for API keys only. Each route is
 * declared once (registry.ts) and runs the app's own service as the key's owner, so the same
 * validation, error shape and 404-for-others rule hold. The OpenAPI document is made from this
 * very router, on first request: a sub-router mounted here (`.route('/webhooks', …)`) is in it as
 * long as its routes were declared with `defineApiRoute` and mounted with `apiRoutes`.
 */
export const v1Routes = new Hono<TApiEnv>()
  // Before requireApiKey, which thus never runs for it: the document needs no key.
  .get(OPENAPI_PATH, (c) => {
    openApiDocument ??= buildOpenApiDocument(v1Routes.routes);
    return c.json(openApiDocument, 200, { 'cache-control': 'public, max-age=300' });
  })
  .use(requireApiKey)
  .route('/', apiRoutes(PROPOSAL_ROUTES))
  .route('/', apiRoutes(CLIENT_ROUTES))
  .route('/', apiRoutes(SAVED_ITEM_ROUTES))
  .route('/', apiRoutes(TEMPLATE_ROUTES))
  .route('/', apiRoutes(WEBHOOK_ROUTES));
