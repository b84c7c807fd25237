import { ZBrief } from '@draftwell/shared/drafting/brief';
import { Hono } from 'hono';
import { chooseDrafter } from '../../drafting';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { createDraftFromBrief } from './drafts.service';

export const draftsRoutes = new Hono<TAuthedEnv>().use(requireUser).post('/', validJson(ZBrief), async (c) => {
  const proposal = await createDraftFromBrief({
    db: c.var.deps.database.db,
    actor: c.var.actor,
    brief: c.req.valid('json'),
    drafter: chooseDrafter(),
    today: new Date().toISOString().slice(0, 10),
    defaultPlan: c.var.deps.env.defaultPlan,
  });
  return c.json(proposal, 201);
});
