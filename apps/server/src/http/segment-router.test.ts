import { Hono } from 'hono';
import type { Result, Router } from 'hono/router';
import { describe, expect, it } from 'vitest';
import { firstSegment, fixedFirstSegment, SegmentRouter } from './segment-router';

type TRoute = [method: string, path: string];

/** Routes shaped like the app's: `*` middleware, machine routes, an API with params beside fixed names, pages. */
const ROUTES: TRoute[] = [
  ['ALL', '/*'],
  ['ALL', '*'],
  ['GET', '/healthz'],
  ['GET', '/robots.txt'],
  ['ALL', '/api/*'],
  ['POST', '/api/*'],
  ['GET', '/api/auth/*'],
  ['POST', '/api/auth/*'],
  ['ALL', '/api/v1/*'],
  ['GET', '/api/v1/proposals/:id'],
  ['GET', '/api/saved-sections'],
  ['GET', '/api/saved-sections/categories'],
  // A parameter beside a fixed name at the same place: Hono's RegExpRouter refuses these.
  ['GET', '/api/saved-sections/:id'],
  ['POST', '/api/templates/from-proposal/:proposalId'],
  ['POST', '/api/templates/:id/duplicate'],
  ['GET', '/api/share/:token/revisions/:number'],
  ['GET', '/api/files/:path{.+\\.pdf}'],
  ['ALL', '/api/*'],
  ['GET', '/realtime'],
  ['GET', '/p/:token'],
  ['GET', '/:page?'],
  ['GET', '/docs*'],
  ['GET', '*'],
  ['HEAD', '*'],
];

const PATHS = [
  '/',
  '/healthz',
  '/healthz/',
  '/robots.txt',
  '/api',
  '/api/',
  '/api/auth/sign-in',
  '/api/v1/proposals/42',
  '/api/saved-sections',
  '/api/saved-sections/categories',
  '/api/saved-sections/7',
  '/api/templates/from-proposal/9',
  '/api/templates/9/duplicate',
  '/api/share/tok/revisions/2',
  '/api/files/a/b.pdf',
  '/api/nothing/here',
  '/apix',
  '/API/proposals',
  '/realtime',
  '/p/abc',
  '/pricing',
  '/docs',
  '/docs/intro',
  '/docsy',
  '//api/x',
  '/%61pi/x',
];

/** A match as handlers in order with their parameters, whichever of Hono's two result shapes it came in. */
function flat(result: Result<string>): Array<[string, Record<string, string>]> {
  const [handlers, stash] = result as [Array<[string, Record<string, number | string>]>, string[]?];
  return handlers.map(([h, params]) => [
    h,
    Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, stash && typeof v === 'number' ? stash[v]! : String(v)]),
    ),
  ]);
}

function fill(router: Router<string>, routes: TRoute[]): Router<string> {
  routes.forEach(([method, path], i) => router.add(method, path, `#${i} ${method} ${path}`));
  return router;
}

describe('SegmentRouter (P1)', () => {
  it("matches every method and path to the handlers and parameters of Hono's own router, in order", () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PATCH']) {
      const split = fill(new SegmentRouter<string>(), ROUTES);
      // The router a Hono app makes when given none, and that the app had before.
      const whole = fill(new Hono().router as unknown as Router<string>, ROUTES);
      for (const path of PATHS) {
        expect(flat(split.match(method, path)), `${method} ${path}`).toEqual(flat(whole.match(method, path)));
      }
    }
  });

  it('gives a segment first named after routes for any path those routes too, in their place', () => {
    const late: TRoute[] = [
      ['ALL', '/*'],
      ['GET', '/:any'],
      ['GET', '/late'],
      ['GET', '*'],
    ];
    const split = fill(new SegmentRouter<string>(), late);
    expect(flat(split.match('GET', '/late')).map(([h]) => h)).toEqual([
      '#0 ALL /*',
      '#1 GET /:any',
      '#2 GET /late',
      '#3 GET *',
    ]);
    expect(flat(split.match('GET', '/other')).map(([h]) => h)).toEqual(['#0 ALL /*', '#1 GET /:any', '#3 GET *']);
  });

  it('files a route under its first segment only when that segment is plain text', () => {
    expect(fixedFirstSegment('/healthz')).toBe('healthz');
    expect(fixedFirstSegment('/api/*')).toBe('api');
    expect(fixedFirstSegment('/api')).toBe('api');
    expect(fixedFirstSegment('/robots.txt')).toBe('robots.txt');
    for (const any of ['*', '/*', '/', '/:id', '/:page?', '/docs*', '/:id{[0-9]+}']) {
      expect(fixedFirstSegment(any), any).toBeUndefined();
    }
    expect(firstSegment('/api/proposals')).toBe('api');
    expect(firstSegment('/healthz')).toBe('healthz');
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('//api')).toBe('');
  });
});
