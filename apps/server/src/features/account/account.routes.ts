import { Hono } from 'hono';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { exportAccount } from './account.service';

export const accountRoutes = new Hono<TAuthedEnv>().use(requireUser).get('/export', async (c) => {
  const data = await exportAccount({ db: c.var.deps.database.db, actor: c.var.actor });
  const day = data.exportedAt.slice(0, 10);
  c.header('content-disposition', `attachment; filename="draftwell-export-${day}.json"`);
  c.header('cache-control', 'no-store');
  return c.json(data, 200);
});
