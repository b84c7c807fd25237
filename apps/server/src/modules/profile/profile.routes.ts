import { Hono } from 'hono';
import { ZBusinessProfilePut } from '@draftwell/shared/workspace/profile';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { readUploadForm } from '../../storage/upload-form';
import { clearLogo, getProfile, saveProfile, setLogo } from './profile.service';
import type { TAuthedEnv } from '../../deps';

export const profileRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    return c.json(await getProfile({ db: c.var.deps.database.db, actor: c.var.actor }), 200);
  })
  .put('/', validJson(ZBusinessProfilePut), async (c) => {
    const profile = await saveProfile({ db: c.var.deps.database.db, actor: c.var.actor, put: c.req.valid('json') });
    return c.json(profile, 200);
  })
  .put('/logo', async (c) => {
    const { bytes } = await readUploadForm(c);
    const { database, storage } = c.var.deps;
    const profile = await setLogo({ db: database.db, storage, log: c.var.log, actor: c.var.actor, bytes });
    return c.json(profile, 200);
  })
  .delete('/logo', async (c) => {
    const { database, storage } = c.var.deps;
    return c.json(await clearLogo({ db: database.db, storage, log: c.var.log, actor: c.var.actor }), 200);
  });
