import type { TApiKeyScope } from '@draftwell/shared/developers/api-keys';
import type { MiddlewareHandler } from 'hono';
import { keyOfRequest, type TApiKeyUse } from '../api-keys/api-keys.service';
import { AppError } from '../../lib/app-error';
import { countHit, rateLimited, type TRateRule } from '../../lib/rate-limit';
import type { TActor } from '../../http/require-user';
import type { TAppEnv } from '../../deps';

export type TApiEnv = TAppEnv & { Variables: TAppEnv['Variables'] & { actor: TActor; apiKey: TApiKeyUse } };

/** Requests per key per window on the public API (README, "Public API"). */
export const API_KEY_RATE: TRateRule = { max: 600, windowSeconds: 60 };

/**
 * The public API's authentication: `Authorization: Bearer dw_…` names a live key, whose owner
 * becomes `c.var.actor` (so every service filters by owner as for a signed-in user). Counted per
 * key in the database like every other limit, with RateLimit-* headers on every answer. Cookies
 * play no part here, and keys play none anywhere else.
 */
export const requireApiKey: MiddlewareHandler<TApiEnv> = async (c, next) => {
  const { deps } = c.var;
  let use: TApiKeyUse;
  try {
    use = await keyOfRequest(deps.database.db, c.req.header('authorization'));
  } catch (error) {
    c.header('www-authenticate', 'Bearer realm="Draftwell API"');
    throw error;
  }
  if (deps.env.rateLimit) {
    const hit = await countHit(deps.database.db, `api-key:${use.keyId}`, API_KEY_RATE.windowSeconds);
    c.header('ratelimit-limit', String(API_KEY_RATE.max));
    c.header('ratelimit-remaining', String(Math.max(0, API_KEY_RATE.max - hit.count)));
    c.header('ratelimit-reset', String(hit.retryAfter));
    if (hit.count > API_KEY_RATE.max) throw rateLimited(hit.retryAfter);
  }
  c.set('actor', use.actor);
  c.set('apiKey', use);
  await next();
};

/** A 403 for a key without `scope`, naming it. */
export const requireScope =
  (scope: TApiKeyScope): MiddlewareHandler<TApiEnv> =>
  async (c, next) => {
    if (!c.var.apiKey.scopes.includes(scope)) {
      throw new AppError(
        'forbidden',
        `This API key does not have the "${scope}" scope. Make a key with it in Profile → Developers.`,
      );
    }
    await next();
  };
