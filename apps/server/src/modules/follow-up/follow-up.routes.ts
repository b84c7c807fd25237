import { ZFollowUpDefaultsPut, ZProposalFollowUpPut } from '@draftwell/shared/workspace/follow-up';
import { Hono, type Context } from 'hono';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import {
  getFollowUpDefaults,
  getFollowUpStop,
  getProposalFollowUp,
  saveFollowUpDefaults,
  saveProposalFollowUp,
  stopFollowUps,
  type TStopRequest,
} from './follow-up.service';
import type { TAppEnv, TAuthedEnv } from '../../deps';

const stopRequest = (c: Context<TAppEnv>): TStopRequest => {
  // The link is a key: never cached, indexed or sent on as a referrer, like a share link.
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  return {
    deps: c.var.deps,
    token: c.req.param('token') ?? '',
    ip: c.var.clientIp,
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 1000),
  };
};

/**
 * The client's stop link: no session, the signed token is the key. Reading it changes nothing
 * (mail scanners open links); the page's button POSTs.
 */
const stopRoutes = new Hono<TAppEnv>()
  .get('/:token', async (c) => c.json(await getFollowUpStop(stopRequest(c)), 200))
  .post('/:token', async (c) => c.json(await stopFollowUps(stopRequest(c)), 200));

/** The owner's follow-up settings: their defaults, and one proposal's with where each signer stands. */
const ownerRoutes = new Hono<TAuthedEnv>()
  .use('/defaults', requireUser)
  .use('/proposals/*', requireUser)
  .get('/defaults', async (c) => c.json(await getFollowUpDefaults({ deps: c.var.deps, actor: c.var.actor }), 200))
  .put('/defaults', validJson(ZFollowUpDefaultsPut), async (c) =>
    c.json(await saveFollowUpDefaults({ deps: c.var.deps, actor: c.var.actor, put: c.req.valid('json') }), 200),
  )
  .get('/proposals/:id', async (c) =>
    c.json(await getProposalFollowUp({ deps: c.var.deps, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .put('/proposals/:id', validJson(ZProposalFollowUpPut), async (c) =>
    c.json(
      await saveProposalFollowUp({
        deps: c.var.deps,
        actor: c.var.actor,
        id: c.req.param('id'),
        put: c.req.valid('json'),
      }),
      200,
    ),
  );

/** Follow-up automation (issue 16), under /api/follow-up. */
export const followUpRoutes = new Hono<TAppEnv>().route('/stop', stopRoutes).route('/', ownerRoutes);
