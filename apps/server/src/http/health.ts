import type { Hono } from 'hono';
import type { THttpDeps, THttpEnv } from './context';
import { robotsTxt, sitemapXml } from './crawl';

/**
 * The routes for machines rather than people: liveness (`/healthz`), readiness (`/readyz`, which
 * needs the database), and what crawlers read (`/robots.txt`, `/sitemap.xml`, for `origin`).
 */
export function mountHealthAndCrawlRoutes<E extends THttpEnv>(
  app: Hono<E>,
  origin: string,
  database: THttpDeps['database'],
) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  const robots = robotsTxt(origin);
  const sitemap = sitemapXml(origin);
  app.get('/robots.txt', (c) => c.text(robots, 200, { 'cache-control': 'public, max-age=3600' }));
  app.get('/sitemap.xml', (c) =>
    c.body(sitemap, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' }),
  );
  app.get('/readyz', async (c) => {
    try {
      await database.ping();
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'database unavailable' }, 503);
    }
  });
}
