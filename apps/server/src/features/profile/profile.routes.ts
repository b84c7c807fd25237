import { Hono } from 'hono';
import type { TConflict } from '@draftwell/shared/workspace/common';
import { ZBusinessProfilePut, type TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { readUploadForm } from '../../storage/upload-form';
import { clearLogo, getProfile, saveProfile, setLogo } from './profile.service';

export const profileRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    return c.json(await getProfile({ db: c.var.deps.database.db, actor: c.var.actor }), 200);
  })
  .put('/', validJson(ZBusinessProfilePut), async (c) => {
    const result = await saveProfile({ db: c.var.deps.database.db, actor: c.var.actor, put: c.req.valid('json') });
    if (!result.ok) {
      const body: TConflict<TBusinessProfile> = {
        error: {
          code: 'conflict',
          message:
            'Your business profile was changed elsewhere since you opened it. Review the current details and try again.',
          current: result.current,
          requestId: c.var.requestId,
        },
      };
      return c.json(body, 409);
    }
    return c.json(result.profile, 200);
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
