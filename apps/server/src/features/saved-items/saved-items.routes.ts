import { Hono } from 'hono';
import { ZSavedItemInput, ZSavedItemPatch, type TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { ZListQuery, type TConflict } from '@draftwell/shared/workspace/common';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { validJson, validQuery } from '../../http/validate';
import { createSavedItem, deleteSavedItem, getSavedItem, listSavedItems, updateSavedItem } from './saved-items.service';

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
    const result = await updateSavedItem({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      id: c.req.param('id'),
      patch: c.req.valid('json'),
    });
    if (!result.ok) {
      const body: TConflict<TSavedItem> = {
        error: {
          code: 'conflict',
          message:
            'This saved item was changed elsewhere since you opened it. Review the current details and try again.',
          current: result.current,
          requestId: c.var.requestId,
        },
      };
      return c.json(body, 409);
    }
    return c.json(result.item, 200);
  })
  .delete('/:id', async (c) => {
    await deleteSavedItem({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  });
