import { ZApiKeyCreate } from '@draftwell/shared/developers/api-keys';
import { Hono } from 'hono';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import type { TAuthedEnv } from '../../deps';

/** Profile → Developers: the signed-in owner's API keys (a key cannot manage keys). */
export const apiKeysRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json({ items: await listApiKeys({ db: c.var.deps.database.db, actor: c.var.actor }) }, 200))
  .post('/', validJson(ZApiKeyCreate), async (c) =>
    c.json(await createApiKey({ db: c.var.deps.database.db, actor: c.var.actor, input: c.req.valid('json') }), 201),
  )
  .post('/:id/revoke', async (c) =>
    c.json(await revokeApiKey({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 200),
  );
