import { Hono, type Context } from 'hono';
import {
  ZTemplateFromProposal,
  ZTemplateInput,
  ZTemplateListQuery,
  ZTemplatePatch,
} from '@draftwell/shared/workspace/templates';
import { requireUser } from '../../http/require-user';
import { exactJson } from '../../http/exact-json';
import { validJson, validQuery } from '../../http/validate';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  templateFromProposal,
  updateTemplate,
  useTemplate,
} from './templates.service';
import { ownerAppLanguage } from '../../lib/owner-language';
import type { TAuthedEnv } from '../../deps';

/** The starters speak the owner's app language here (the gallery, a preview, a copy). */
const appLanguage = (c: Context<TAuthedEnv>) =>
  ownerAppLanguage(c.var.deps.database.db, c.var.actor.id, c.req.header('accept-language'));

export const templatesRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZTemplateListQuery), async (c) => {
    return c.json(
      await listTemplates({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        query: c.req.valid('query'),
        language: await appLanguage(c),
      }),
      200,
    );
  })
  .post('/', validJson(ZTemplateInput), async (c) => {
    const template = await createTemplate({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      input: c.req.valid('json'),
      defaultPlan: c.var.deps.env.defaultPlan,
    });
    return exactJson(c, template, 201);
  })
  .post('/from-proposal/:proposalId', validJson(ZTemplateFromProposal), async (c) => {
    const template = await templateFromProposal({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      proposalId: c.req.param('proposalId'),
      input: c.req.valid('json'),
      defaultPlan: c.var.deps.env.defaultPlan,
    });
    return exactJson(c, template, 201);
  })
  .get('/:id', async (c) => {
    return exactJson(
      c,
      await getTemplate({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        id: c.req.param('id'),
        language: await appLanguage(c),
      }),
      200,
    );
  })
  .patch('/:id', validJson(ZTemplatePatch), async (c) => {
    const template = await updateTemplate({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      id: c.req.param('id'),
      patch: c.req.valid('json'),
    });
    return exactJson(c, template, 200);
  })
  .delete('/:id', async (c) => {
    await deleteTemplate({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  })
  .post('/:id/duplicate', async (c) => {
    const template = await duplicateTemplate({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      id: c.req.param('id'),
      defaultPlan: c.var.deps.env.defaultPlan,
      language: await appLanguage(c),
    });
    return exactJson(c, template, 201);
  })
  .post('/:id/use', async (c) => {
    const proposal = await useTemplate({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return exactJson(c, proposal, 201);
  });
