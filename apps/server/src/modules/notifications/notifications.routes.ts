import { ZNotificationQuery } from '@draftwell/shared/share/share-schemas';
import { Hono } from 'hono';
import { requireUser } from '../../http/require-user';
import { validQuery } from '../../http/validate';
import { notificationsSince } from './notifications.service';
import type { TAuthedEnv } from '../../deps';

export const notificationsRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', validQuery(ZNotificationQuery), async (c) => {
    const feed = await notificationsSince({
      db: c.var.deps.database.db,
      actor: c.var.actor,
      after: c.req.valid('query').after,
    });
    return c.json(feed, 200);
  });
