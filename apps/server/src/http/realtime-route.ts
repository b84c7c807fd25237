import { upgradeWebSocket } from '@hono/node-server';
import type { Hono } from 'hono';
import type { THttpDeps, THttpEnv } from './context';
import { foreignOrigin } from './middleware';
import { AppError } from '../lib/app-error';

/**
 * The realtime socket (`GET /realtime`): opened only from the app's own origins, and by a visitor
 * without a session only while their address is under the hub's limit. The hub serves the socket,
 * knowing its owner (address, and session unless a visitor).
 */
export function mountRealtimeRoute<E extends THttpEnv>(
  app: Hono<E>,
  deps: Pick<THttpDeps, 'env' | 'auth' | 'realtime'>,
) {
  const { env } = deps;
  app.get(
    '/realtime',
    async (c, next) => {
      const from = c.req.header('origin');
      if (from === undefined || !env.origins.includes(from)) throw foreignOrigin(env, from);
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      const ip = c.var.clientIp;
      if (!session && !deps.realtime.mayOpenAnonymous(ip)) {
        throw new AppError(
          'rate_limited',
          'Too many open connections from this address. Close some tabs and try again.',
          {
            retryAfter: 30,
          },
        );
      }
      c.set('realtimeOwner', { ip, session: session ? { id: session.session.id, userId: session.user.id } : null });
      return next();
    },
    upgradeWebSocket((c) => deps.realtime.connection(c.get('realtimeOwner'))),
  );
}
