import { Hono } from 'hono';
import { ZOverviewQuery } from '@draftwell/shared/workspace/overview';
import { requireUser } from '../../http/require-user';
import { validQuery } from '../../http/validate';
import { getOverview } from './overview.service';
import type { TAuthedEnv } from '../../deps';

export const overviewRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZOverviewQuery), async (c) => {
    const { tz } = c.req.valid('query');
    return c.json(await getOverview({ db: c.var.deps.database.db, actor: c.var.actor, tz }), 200);
  });
