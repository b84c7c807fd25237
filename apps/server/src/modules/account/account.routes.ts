import { Hono } from 'hono';
import { ZAppLanguagePut } from '@draftwell/shared';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { exportAccount, setAppLanguage } from './account.service';
import type { TAuthedEnv } from '../../deps';

export const accountRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/export', async (c) => {
    const data = await exportAccount({ db: c.var.deps.database.db, actor: c.var.actor });
    const day = data.exportedAt.slice(0, 10);
    c.header('content-disposition', `attachment; filename="draftwell-export-${day}.json"`);
    c.header('cache-control', 'no-store');
    return c.json(data, 200);
  })
  .put('/app-language', validJson(ZAppLanguagePut), async (c) => {
    const { appLanguage } = c.req.valid('json');
    await setAppLanguage({ db: c.var.deps.database.db, actor: c.var.actor, appLanguage });
    return c.json({ appLanguage }, 200);
  });
