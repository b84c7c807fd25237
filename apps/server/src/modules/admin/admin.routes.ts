import { ZSetPlan } from '@draftwell/shared/admin';
import { Hono } from 'hono';
import { setPlanByEmail, isAdminToken } from '../billing/set-plan';
import { validJson } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import type { TAppEnv } from '../../deps';

const LOOPBACK = new Set(['127.0.0.1', '::1']);

/**
 * The operator command's way into a running server (`npm run admin`): only from this machine,
 * only with the token derived from the server's secret. Anything else is a plain 404.
 */
export const adminRoutes = new Hono<TAppEnv>()
  .use(async (c, next) => {
    const bearer = c.req.header('authorization')?.match(/^Bearer (\S+)$/)?.[1];
    if (!LOOPBACK.has(c.var.clientIp) || !isAdminToken(c.var.deps.env.authSecret, bearer)) {
      throw new AppError('not_found', 'Not found.');
    }
    return next();
  })
  .post('/set-plan', validJson(ZSetPlan), async (c) => {
    const { email, plan } = c.req.valid('json');
    return c.json(
      await setPlanByEmail({ database: c.var.deps.database, email, plan, defaultPlan: c.var.deps.env.defaultPlan }),
      200,
    );
  });
