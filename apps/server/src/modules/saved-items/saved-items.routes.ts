import { Hono } from 'hono';
import { ZSavedItemInput, ZSavedItemPatch } from '@draftwell/shared/workspace/saved-items';
import { ZListQuery } from '@draftwell/shared/workspace/common';
import { requireUser } from '../../http/require-user';
import { validJson, validQuery } from '../../http/validate';
import { createSavedItem, deleteSavedItem, getSavedItem, listSavedItems, updateSavedItem } from './saved-items.service';
import type { TAuthedEnv } from '../../deps';

export const savedItemsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZListQuery), async (c) => {
    return c.json(
      await listSavedItems({ db: c.var.deps.database.db, actor: c.var.actor, query: c.req.valid('query') }),
      200,
    );
  })
  .post('/', validJson(ZSavedItemInput), async (c) => {
    const item = await createSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, input: c.req.valid('json') });
    return c.json(item, 201);
  })
  .get('/:id', async (c) => {
    return c.json(await getSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 200);
  })
  .patch('/:id', validJson(ZSavedItemPatch), async (c) => {
    const item = await updateSavedItem({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      id: c.req.param('id'),
      patch: c.req.valid('json'),
    });
    return c.json(item, 200);
  })
  .delete('/:id', async (c) => {
    await deleteSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  });
