import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from './helpers';

const ASSET = `export const words = ${JSON.stringify('a script long enough to be worth compressing '.repeat(40))};\n`;

/**
 * A built web app in miniature: the app's shell (index.html), the public pages' entry
 * (public.html) and three public pages as the build prerenders them, two also in German.
 */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'draftwell-dist-'));
  const page = (root: string, title = 'Draftwell') =>
    `<!doctype html><html lang="en"><head><title>${title}</title><script>document.documentElement.dataset.x='1'</script></head><body><div id="root">${root}</div></body></html>`;
  writeFileSync(path.join(dist, 'index.html'), page(''));
  writeFileSync(path.join(dist, 'public.html'), page('', 'Draftwell — public'));
  writeFileSync(
    path.join(dist, 'screen-preloads.json'),
    JSON.stringify({
      '/dashboard': { js: ['/assets/dashboard-1.js'], css: [] },
      '/edit-draft/:id': {
        js: ['/assets/dashboard-1.js', '/assets/editor-1.js', 'https://evil.example/x.js'],
        css: ['/assets/editor-1.css'],
      },
    }),
  );
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'prerendered/index.html'), page('<h1>Landing, prerendered</h1>', 'Draftwell — home'));
  writeFileSync(path.join(dist, 'prerendered/pricing.html'), page('<h1>Pricing, prerendered</h1>', 'Pricing'));
  writeFileSync(path.join(dist, 'prerendered/404.html'), page('<h1>Not found, prerendered</h1>'));
  mkdirSync(path.join(dist, 'prerendered/de'));
  const german = (root: string) => page(root).replace('<html lang="en">', '<html lang="de" dir="ltr">');
  writeFileSync(path.join(dist, 'prerendered/de/pricing.html'), german('<h1>Preise, vorgerendert</h1>'));
  writeFileSync(path.join(dist, 'prerendered/de/404.html'), german('<h1>Nicht gefunden, vorgerendert</h1>'));
  // A script with the Brotli the build writes beside it (apps/web/build/precompress.ts).
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/app-1.js'), ASSET);
  writeFileSync(path.join(dist, 'assets/app-1.js.br'), brotliCompressSync(ASSET));
  return dist;
}

describe('pages of the web app', () => {
  let server: TTestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (p: string) => fetch(new URL(p, server.url));

  it('serves a public page as its prerendered HTML, with the same security headers as the app', async () => {
    for (const [p, h1] of [
      ['/', 'Landing, prerendered'],
      ['/pricing', 'Pricing, prerendered'],
      ['/404', 'Not found, prerendered'],
    ] as const) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
      expect(await res.text()).toContain(`<h1>${h1}</h1>`);
    }
  });

  it('serves a public page in the reader’s language: the one chosen on the device, else the browser’s closest the page comes in, else English', async () => {
    const page = async (p: string, headers: Record<string, string>) => {
      const res = await fetch(new URL(p, server.url), { headers });
      const html = await res.text();
      return {
        status: res.status,
        language: res.headers.get('content-language'),
        vary: res.headers.get('vary'),
        html: /<html[^>]*>/.exec(html)?.[0],
        h1: /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? null,
      };
    };
    expect(await page('/pricing', { 'accept-language': 'de-AT,en;q=0.5' })).toEqual({
      status: 200,
      language: 'de',
      vary: 'accept-encoding, accept-language, cookie',
      html: '<html lang="de" dir="ltr">',
      h1: 'Preise, vorgerendert',
    });
    // Korean: /verify comes in it, pricing not (English, the next the browser asks for).
    expect(await page('/pricing', { 'accept-language': 'ko,de;q=0.1' })).toMatchObject({ language: 'de' });
    expect(await page('/pricing', { 'accept-language': 'ko' })).toMatchObject({
      language: 'en',
      h1: 'Pricing, prerendered',
    });
    expect(await page('/verify', { 'accept-language': 'ko' })).toMatchObject({
      language: 'ko',
      html: '<html lang="ko" dir="ltr">',
    });
    expect(await page('/verify', { 'accept-language': 'ar' })).toMatchObject({
      language: 'ar',
      html: '<html lang="ar" dir="rtl">',
    });
    // The device's choice (the cookie a language switcher sets) comes first, where the page has it.
    expect(await page('/pricing', { cookie: 'draftwell_language=de', 'accept-language': 'ja' })).toMatchObject({
      language: 'de',
      h1: 'Preise, vorgerendert',
    });
    expect(await page('/pricing', { cookie: 'draftwell_language=ko', 'accept-language': 'ja' })).toMatchObject({
      language: 'ja',
    });
    expect(await page('/verify', { cookie: 'draftwell_language=x%3Cy', 'accept-language': 'he' })).toMatchObject({
      language: 'he',
      html: '<html lang="he" dir="rtl">',
    });
    // A page drawn in the browser (sign-in) gets the language in its <html>; the 404 page its own.
    expect(await page('/auth', { 'accept-language': 'ja' })).toMatchObject({
      language: 'ja',
      html: '<html lang="ja" dir="ltr">',
    });
    expect(await page('/nope', { 'accept-language': 'de' })).toMatchObject({
      status: 404,
      language: 'de',
      h1: 'Nicht gefunden, vorgerendert',
    });
    // No preference: English, as before.
    expect(await page('/pricing', {})).toMatchObject({
      language: 'en',
      html: '<html lang="en">',
      h1: 'Pricing, prerendered',
    });
    // The app's screens and assets do not vary by language.
    expect((await page('/dashboard', { 'accept-language': 'de' })).language).toBeNull();
  });

  it('serves a protected screen the app, a public page not prerendered the public entry, and anything else the 404 page with its status', async () => {
    for (const [p, status, title] of [
      ['/dashboard', 200, 'Draftwell'],
      ['/auth', 200, 'Draftwell — public'],
      ['/verify', 200, 'Draftwell — public'],
    ] as const) {
      const res = await get(p);
      expect(res.status, p).toBe(status);
      const html = await res.text();
      expect(html, p).toContain('<div id="root"></div>');
      expect(html, p).toContain(`<title>${title}</title>`);
    }
    for (const p of ['/nope', '/still/not/here']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).toContain('<h1>Not found, prerendered</h1>');
    }
    // The entries are served under the paths they draw only.
    expect((await get('/public.html')).status).toBe(404);
    expect((await get('/index.html')).status).toBe(404);
  });

  it('a protected screen’s HTML preloads the session, the same way the app asks for it (P12); no other page does', async () => {
    const preload = '<link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous">';
    for (const p of [
      '/dashboard',
      '/edit-draft/0b4f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f',
      '/proposals/x',
      '/templates',
      '/profile',
    ]) {
      const html = await (await get(p)).text();
      expect(html.slice(0, html.indexOf('</head>')), p).toContain(preload);
      expect(html).toContain('<div id="root"></div>');
    }
    for (const p of ['/', '/pricing', '/auth', '/nope', '/p/some-token']) {
      expect(await (await get(p)).text(), p).not.toContain('rel="preload"');
    }
    // And the screen's own code, as the build listed it (only our own asset URLs).
    const dashboard = await (await get('/dashboard')).text();
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
    expect(dashboard).not.toContain('editor-1');
    const editor = await (await get('/edit-draft/0b4f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f')).text();
    expect(editor).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
    expect(editor).toContain('<link rel="modulepreload" crossorigin href="/assets/editor-1.js">');
    expect(editor).toContain('<link rel="preload" as="style" crossorigin href="/assets/editor-1.css">');
    expect(editor).not.toContain('evil.example');
    expect(await (await get('/profile')).text()).not.toContain('modulepreload');
    expect((await get('/screen-preloads.json')).status).toBe(404);
    // Served compressed and cached like the shell: the preload is in the gzipped body too.
    const zipped = await fetch(new URL('/dashboard', server.url), { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('etag')).toBeTruthy();
    expect(await zipped.text()).toContain(preload);
  });

  it('P8 sends a script as the build’s Brotli to a browser that takes it, else gzip, else as it is; never the .br by its own name', async () => {
    const as = async (encoding: string) => {
      const res = await fetch(new URL('/assets/app-1.js', server.url), { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('vary')).toMatch(/accept-encoding/);
      // fetch decodes what it was sent: the same script whichever way it came.
      expect(await res.text()).toBe(ASSET);
      return res.headers.get('content-encoding');
    };
    expect(await as('gzip, deflate, br, zstd')).toBe('br');
    expect(await as('gzip')).toBe('gzip');
    expect(await as('identity')).toBeNull();
    expect((await get('/assets/app-1.js.br')).status).toBe(404);
  });

  it('P8 sends a build file without the headers only a document uses; pages and a missing file keep them (A6)', async () => {
    const script = await get('/assets/app-1.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy']) {
      expect(script.headers.get(name), name).toBeNull();
    }
    // A missing build file is a 404 that is not the file: it keeps every header.
    expect((await get('/assets/missing-1.js')).headers.get('content-security-policy')).toContain("object-src 'none'");
    for (const path of ['/', '/pricing']) {
      const page = await get(path);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy'), path).toContain("object-src 'none'");
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('referrer-policy'), path).toBeTruthy();
    }
  });

  it('does not serve the prerendered files under their own names', async () => {
    expect((await get('/prerendered/pricing.html')).status).toBe(404);
    expect((await get('/prerendered/pricing')).status).toBe(404);
  });

  it('tells crawlers where the public pages are, and keeps them out of the app and clients’ links', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    for (const path of ['/api/', '/p/', '/dashboard', '/edit-draft/', '/profile'])
      expect(rules).toContain(`Disallow: ${path}`);
    expect(rules).toContain(`Sitemap: ${server.env.baseUrl}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(['/', '/pricing', '/about', '/contact', '/privacy', '/developers', '/verify']);
  });
});
