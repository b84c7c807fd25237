import { Hono } from 'hono';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mountedRoutes } from './openapi';
import { apiRoutes, declarationOf, defineApiRoute } from './registry';
import type { TApiEnv } from './require-api-key';

/**
 * The registry finds a route's declaration through Hono's `route()`, which wraps the handlers of
 * a sub-router that has its own error handler and keeps the original under COMPOSED_HANDLER, an
 * internal of Hono ('hono/utils/constants'; decision 0028). No public API hands back the wrapped
 * handler, so this test fails if an upgrade of Hono renames, moves or stops setting it.
 */
const ping = defineApiRoute({
  method: 'get',
  path: '/ping',
  operationId: 'ping',
  tag: 'Test',
  scope: 'proposals:read',
  summary: 'Ping',
  description: 'A route of this test only.',
  success: { status: 200, description: 'Pong.', schema: z.object({ ok: z.boolean() }) },
  handler: async () => ({ ok: true }),
});

/** The route mounted under a parent as v1.routes.ts mounts its sub-routers, from one with an error handler. */
function mountedThroughHono() {
  const sub = apiRoutes([ping]).onError((_err, c) => c.text('sub-router error', 500));
  const parent = new Hono<TApiEnv>().route('/', sub);
  const own = sub.routes.filter((r) => r.path === '/ping');
  const wrapped = parent.routes.filter((r) => r.path === '/ping');
  return { own, wrapped, parent };
}

describe('the registry and Hono’s COMPOSED_HANDLER', () => {
  it('still names the key under which Hono keeps a wrapped handler', () => {
    const { own, wrapped } = mountedThroughHono();
    expect(wrapped).toHaveLength(own.length);
    expect(wrapped.length).toBeGreaterThan(0);
    wrapped.forEach((r, i) => {
      // Hono wrapped it (the sub-router's error handler) and kept the original under the key.
      expect(r.handler).not.toBe(own[i]!.handler);
      expect((r.handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER]).toBe(own[i]!.handler);
    });
  });

  it('finds the declaration behind each handler Hono wrapped', () => {
    const { wrapped, parent } = mountedThroughHono();
    for (const r of wrapped) expect(declarationOf(r.handler)).toBe(ping);
    expect(mountedRoutes(parent.routes)).toEqual([{ method: 'GET', path: '/ping', route: ping }]);
  });

  it('finds it on a handler mounted without wrapping, and not on a foreign one', () => {
    const plain = new Hono<TApiEnv>().route('/', apiRoutes([ping]));
    for (const r of plain.routes) expect(declarationOf(r.handler)).toBe(ping);
    const foreign = new Hono().get('/other', (c) => c.text('x'));
    expect(declarationOf(foreign.routes[0]!.handler)).toBeUndefined();
  });
});
