import { Hono } from 'hono';
import { ZClientInput, ZClientPatch } from '@draftwell/shared/workspace/clients';
import { ZListQuery } from '@draftwell/shared/workspace/common';
import { requireUser } from '../../http/require-user';
import { validJson, validQuery } from '../../http/validate';
import { createClient, deleteClient, getClient, listClients, updateClient } from './clients.service';
import type { TAuthedEnv } from '../../deps';

export const clientsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZListQuery), async (c) => {
    return c.json(
      await listClients({ db: c.var.deps.database.db, actor: c.var.actor, query: c.req.valid('query') }),
      200,
    );
  })
  .post('/', validJson(ZClientInput), async (c) => {
    const client = await createClient({ db: c.var.deps.database.db, actor: c.var.actor, input: c.req.valid('json') });
    return c.json(client, 201);
  })
  .get('/:id', async (c) => {
    return c.json(await getClient({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 200);
  })
  .patch('/:id', validJson(ZClientPatch), async (c) => {
    const client = await updateClient({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      id: c.req.param('id'),
      patch: c.req.valid('json'),
    });
    return c.json(client, 200);
  })
  .delete('/:id', async (c) => {
    await deleteClient({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  });
