import { ZProposalListQuery } from '@draftwell/shared/workspace/proposals';
import { Hono } from 'hono';
import { exactJson } from '../../http/exact-json';
import { requireApiKey, requireScope, type TApiEnv } from '../../http/require-api-key';
import { validQuery } from '../../http/validate';
import { getProposal, listProposals } from '../proposals/proposals.service';
import { webhooksV1Routes } from '../developers/webhooks.v1';

/**
 * The public API (issue 17), under `/api/v1`, for API keys only. Each route runs the app's own
 * service as the key's owner, so the same validation, error shape and 404-for-others rule hold.
 */
export const v1Routes = new Hono<TApiEnv>()
  .use(requireApiKey)
  .get('/proposals', requireScope('proposals:read'), validQuery(ZProposalListQuery), async (c) =>
    c.json(await listProposals({ db: c.var.deps.database.db, actor: c.var.actor, query: c.req.valid('query') }), 200),
  )
  .get('/proposals/:id', requireScope('proposals:read'), async (c) =>
    exactJson(c, await getProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .route('/webhooks', webhooksV1Routes);
