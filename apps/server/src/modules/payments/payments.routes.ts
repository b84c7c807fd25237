import { ZStripeKeyInput } from '@draftwell/shared/payments-schemas';
import { Hono } from 'hono';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import {
  connectReturn,
  disconnectAccount,
  finishConnect,
  getPaymentSettings,
  saveKey,
  startConnect,
} from './connections';
import type { TAppEnv, TAuthedEnv } from '../../deps';

/**
 * Profile → Payments (decision 0018): the owner's own Stripe account, connected with Stripe
 * Connect or a restricted key, and disconnected. Never answers a key.
 */
export const paymentsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const { database, env } = c.var.deps;
    return c.json(await getPaymentSettings({ db: database.db, env, actor: c.var.actor }), 200);
  })
  .post('/connect', async (c) => {
    const { database, env } = c.var.deps;
    return c.json(await startConnect({ db: database.db, env, actor: c.var.actor }), 200);
  })
  .put('/key', validJson(ZStripeKeyInput), async (c) => {
    const { database, env } = c.var.deps;
    const settings = await saveKey({
      db: database.db,
      env,
      log: c.var.log,
      actor: c.var.actor,
      key: c.req.valid('json').key,
    });
    return c.json(settings, 200);
  })
  .delete('/', async (c) => {
    const { database, env } = c.var.deps;
    await disconnectAccount({ db: database.db, env, log: c.var.log, actor: c.var.actor });
    return c.body(null, 204);
  });

/**
 * Where Stripe's Connect page sends the owner's browser back: a page load, not a call of the app,
 * so every outcome is a redirect to Profile → Payments saying how it went.
 */
export const paymentsConnectCallbackRoutes = new Hono<TAppEnv>().get('/', async (c) => {
  const { deps } = c.var;
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return c.redirect(connectReturn(deps.env.baseUrl, 'failed'), 303);
  const { user } = session;
  const outcome = await finishConnect({
    db: deps.database.db,
    env: deps.env,
    log: c.var.log,
    actor: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
    code: c.req.query('code'),
    state: c.req.query('state'),
    error: c.req.query('error'),
  });
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  return c.redirect(connectReturn(deps.env.baseUrl, outcome), 303);
});
