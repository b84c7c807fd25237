import type { Context, MiddlewareHandler } from 'hono';
import { uploadMessage } from '@draftwell/shared/workspace/files';
import { WEBHOOK_MAX_BODY_BYTES, WEBHOOK_PATH } from './modules/billing/billing-webhook.routes';
import { CONNECT_WEBHOOK_PATH } from './modules/payments/connections';
import { VERIFY_MAX_BODY_BYTES, VERIFY_MAX_JSON_BYTES } from './modules/verify/verify.routes';
import { bodyLimit } from './http/body-limit';
import { requireJsonBody, requireSameOrigin } from './http/middleware';
import { AppError } from './lib/app-error';
import { serverI18n } from './lib/i18n';
import { UPLOAD_MAX_BODY_BYTES, UPLOAD_PATHS } from './storage/upload-form';
import type { TEnv } from './env';

/** Largest JSON body any route accepts; bigger ones are refused before parsing (A21). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** The payments' webhooks: the Connect endpoint and each restricted-key connection's own. */
const isPaymentWebhook = (path: string) => path === CONNECT_WEBHOOK_PATH || path.startsWith(`${CONNECT_WEBHOOK_PATH}/`);

const isMultipart = (c: Context) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/**
 * The API's body limits, by path: uploads, /api/verify (a PDF, or JSON with its hash), the
 * webhooks, and JSON for every other route.
 */
export function apiBodyLimits(): MiddlewareHandler {
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
  return (c, next) =>
    (UPLOAD_PATHS.includes(c.req.path)
      ? uploadBodyLimit
      : c.req.path === '/api/verify'
        ? isMultipart(c)
          ? verifyBodyLimit
          : verifyJsonBodyLimit
        : c.req.path === WEBHOOK_PATH || isPaymentWebhook(c.req.path)
          ? webhookBodyLimit
          : jsonBodyLimit)(c, next);
}

// Stripe's webhooks come from Stripe's servers, with no Origin: their signature stands in (A16).
// The public API is called with a key, never a cookie: a page elsewhere has no key to send.
const webhooks = [WEBHOOK_PATH, CONNECT_WEBHOOK_PATH, `${CONNECT_WEBHOOK_PATH}/*`];

/** The API's requests that change something come from the app's own pages: all but the webhooks and /api/v1. */
export const apiSameOrigin = (env: Pick<TEnv, 'origins' | 'baseUrl'>) =>
  requireSameOrigin(env, [...webhooks, '/api/v1/*']);

/** The API's bodies are JSON: all but uploads, /api/verify's PDF and the webhooks. */
export const apiJsonBodies = () => requireJsonBody([...UPLOAD_PATHS, '/api/verify', ...webhooks]);
