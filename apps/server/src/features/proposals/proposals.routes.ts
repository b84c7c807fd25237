import {
  ZProposalCreate,
  ZProposalListQuery,
  ZProposalPatch,
  type TProposalConflict,
} from '@draftwell/shared/workspace/proposals';
import { Hono } from 'hono';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { validJson, validQuery } from '../../http/validate';
import {
  ProposalConflictError,
  createProposal,
  deleteProposal,
  duplicateProposal,
  getProposal,
  listProposals,
  updateProposal,
} from './proposals.service';

export const proposalsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZProposalListQuery), async (c) => {
    const page = await listProposals({ db: c.var.deps.database.db, actor: c.var.actor, query: c.req.valid('query') });
    return c.json(page, 200);
  })
  .post('/', validJson(ZProposalCreate), async (c) => {
    const proposal = await createProposal({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      input: c.req.valid('json'),
    });
    return c.json(proposal, 201);
  })
  .get('/:id', async (c) => {
    const proposal = await getProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.json(proposal, 200);
  })
  .patch('/:id', validJson(ZProposalPatch), async (c) => {
    try {
      const proposal = await updateProposal({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        id: c.req.param('id'),
        patch: c.req.valid('json'),
      });
      return c.json(proposal, 200);
    } catch (err) {
      // The one error body that carries a record: the client shows it beside its own copy.
      if (!(err instanceof ProposalConflictError)) throw err;
      const body: TProposalConflict = {
        error: { code: 'conflict', message: err.message, current: err.current, requestId: c.var.requestId },
      };
      return c.json(body, 409);
    }
  })
  .delete('/:id', async (c) => {
    await deleteProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  })
  .post('/:id/duplicate', async (c) => {
    const proposal = await duplicateProposal({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.json(proposal, 201);
  });
