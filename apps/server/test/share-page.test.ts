import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSharePageSeed, TSigningState } from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';
import { nextIp, signUp, startTestServer, type Client, type TResult, type TTestServer } from './helpers';

/**
 * The client's page (/p/:token) rendered on the server (decision 0020, QUALITY P9), through the
 * real server with a miniature build: share.html as Vite writes it and, in place of the web
 * build's render of the page (its own tests are apps/web/src/share-render.test.tsx), a stand-in
 * that writes the seed's title or failure as the page would. What is checked here is the
 * server's part: which link gets which seed, that the seed is exactly the API's answer and is
 * inert whatever the proposal says, that a link that does not open shows nothing of any proposal,
 * the headers, and the fallbacks.
 */

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false)";
const SHARE_HTML =
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Proposal</title>` +
  `<script>${THEME_SCRIPT}</script>` +
  `<script type="module" crossorigin src="/assets/share-1.js"></script></head>` +
  `<body><div id="root"></div></body></html>`;

/** The page's render as the server loads it (dist/ssr/share-render.mjs), minus React. */
const STAND_IN_RENDER = `
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export async function renderSharePage(seed) {
  if ('proposal' in seed) {
    const title = seed.proposal.snapshot.title;
    return { html: '<main><h1>' + escape(title) + '</h1></main>', title: title + ' — rendered' };
  }
  const { status, error } = seed.failure;
  return { html: '<h1 data-status="' + status + '">' + escape(error.message) + '</h1>', title: 'Proposal unavailable' };
}`;
const FAILING_RENDER = `export async function renderSharePage() { throw new Error('the render broke'); }`;

/** A built web app in miniature: share.html and, unless null, the page's render. */
function fakeDist(render: string | null): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'draftwell-share-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'share.html'), SHARE_HTML);
  // Each language's page catalog script, as the build lists it; an address not of our assets is never named.
  writeFileSync(
    path.join(dist, 'page-catalog-scripts.json'),
    JSON.stringify({
      en: '/assets/en-1.js',
      de: '/assets/de-1.js',
      fr: 'https://evil.example/fr.js',
      xx: '/assets/xx.js',
    }),
  );
  if (render !== null) {
    mkdirSync(path.join(dist, 'ssr'));
    writeFileSync(path.join(dist, 'ssr/share-render.mjs'), render);
  }
  return dist;
}

const SEED_OPEN = '<script type="application/json" id="share-seed">';

/** The page's seed as a browser reads it: the element's text up to the first `</script`, then JSON.parse. */
function seedOf(html: string): TSharePageSeed {
  const start = html.indexOf(SEED_OPEN);
  expect(start, 'the page holds its seed').toBeGreaterThan(-1);
  const from = start + SEED_OPEN.length;
  const text = html.slice(from, html.toLowerCase().indexOf('</script', from));
  // Nothing in it the HTML parser could take for markup, nor a line terminator to a script parser.
  expect(text).not.toMatch(/[<\u2028\u2029]/);
  return JSON.parse(text) as TSharePageSeed;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** What every answer of /p/:token carries, rendered or not: the page is private to whoever holds the link. */
function expectPrivatePage(res: TResult) {
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(res.headers.get('etag')).toBeNull();
  // No inline script allowed but share.html's own theme script (A6): the seed is data, not a script.
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc.trim()).toMatch(/^script-src 'self' 'sha256-[^']+'$/);
}

describe('the client’s page rendered on the server (/p/:token)', () => {
  let server: TTestServer;
  let owner: Client;
  const dists: string[] = [];
  const visitor = () => server.client({ ip: nextIp() });
  const asBrowser = { accept: 'text/html', 'accept-encoding': 'gzip' };

  beforeAll(async () => {
    const dist = fakeDist(STAND_IN_RENDER);
    dists.push(dist);
    server = await startTestServer({ webDist: dist, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const signedUp = await signUp(server, { name: 'Olivia Owner' });
    owner = signedUp.client;
    await verifyEmail(server, signedUp.user.id);
  });
  afterAll(async () => {
    await server?.close();
    for (const dist of dists) rmSync(dist, { recursive: true, force: true });
  });

  async function sent(title = 'Website redesign') {
    const draft = await readyDraft(owner, { title });
    const res = await send(owner, draft);
    expect(res.status, res.text).toBe(200);
    const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
    return { proposal: res.body as TProposal, token: tokenOf(link.body.url as string) };
  }

  it('answers a link with the page rendered, the proposal’s title, and the API’s answer beside it as inert JSON', async () => {
    const { token } = await sent('Harbour rebuild, phase two');
    const client = visitor();
    const before = Date.now();
    const res = await client.get(`/p/${token}`, { headers: asBrowser });
    expect(res.status).toBe(200);
    expectPrivatePage(res);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.text).toContain(`<div id="root"><main><h1>Harbour rebuild, phase two</h1></main></div>${SEED_OPEN}`);
    expect(res.text).toContain('<title>Harbour rebuild, phase two — rendered</title>');
    // The rest of share.html as built: the theme script (whose hash the CSP allows) and the entry.
    expect(res.text).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/share-1.js"></script>');

    const seed = seedOf(res.text);
    expect(seed.token).toBe(token);
    // The script of the page's words, which the first script preloads beside the page's code.
    expect(seed.catalogScript).toBe('/assets/en-1.js');
    expect(Date.parse(seed.renderedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Exactly what the page would have asked the API for.
    const api = await client.get(`/api/share/${token}`);
    expect(api.status).toBe(200);
    expect('proposal' in seed && seed.proposal).toEqual(api.body);
  });

  it('names the script of the words of the language the page is rendered in, only where the build lists one of its own', async () => {
    const { token } = await sent();
    const seedIn = async (language: string) =>
      seedOf((await visitor().get(`/p/${token}`, { headers: { cookie: `draftwell_language=${language}` } })).text);
    expect(await seedIn('de')).toMatchObject({ language: 'de', catalogScript: '/assets/de-1.js' });
    const french = await seedIn('fr');
    expect(french.language).toBe('fr');
    expect(french.catalogScript).toBeUndefined();
  });

  it('keeps hostile text inert: `</script>`, `<!--` and U+2028/U+2029 neither end the seed nor run; the title is escaped', async () => {
    const hostile = '</script><script>alert(1)</script><!-- <SCRIPT>alert(2)</SCRIPT>\u2028\u2029 $& end';
    const { proposal, token } = await sent(hostile);
    // And in a comment, which the page shows and the seed holds.
    const comment = await visitor().post(`/api/share/${token}/comments`, {
      name: 'Mallory',
      body: `</sCrIpT >${hostile}`,
    });
    expect(comment.status, comment.text).toBe(201);

    const res = await visitor().get(`/p/${token}`);
    expect(res.status).toBe(200);
    const seed = seedOf(res.text);
    expect('proposal' in seed && seed.proposal.snapshot.title).toBe(hostile);
    expect('proposal' in seed && seed.proposal.comments.map((c) => c.body)).toEqual([`</sCrIpT >${hostile}`]);
    expect('proposal' in seed && seed.proposal.snapshot.proposalId).toBe(proposal.id);
    expect(res.text).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &lt;SCRIPT&gt;alert(2)&lt;/SCRIPT&gt;\u2028\u2029 $&amp; end — rendered</title>',
    );
    // The only scripts an HTML parser finds: share.html's two, and the seed, which it does not run.
    expect(res.text.match(/<script\b[^>]*>/gi)).toEqual([
      '<script>',
      '<script type="module" crossorigin src="/assets/share-1.js">',
      SEED_OPEN,
    ]);
    expect(res.text.match(/<\/script/gi)).toHaveLength(3);
  });

  it('shows nothing of a proposal for an unknown or revoked link: the API’s 404 in the seed, the document as before (200)', async () => {
    const { proposal, token } = await sent('Revoked proposal title');
    const signers = (await owner.get(`/api/proposals/${proposal.id}/signers`)).body as TSigningState;
    const signerId = signers.signers.find((s) => s.party === 'client')!.id;
    expect((await owner.post(`/api/proposals/${proposal.id}/signers/${signerId}/revoke`)).status).toBe(200);

    for (const link of [token, randomBytes(32).toString('base64url'), 'not-even-a-token']) {
      const res = await visitor().get(`/p/${link}`, { headers: asBrowser });
      expect(res.status, link).toBe(200);
      expectPrivatePage(res);
      expect(res.text).toContain('<h1 data-status="404">This proposal link does not exist.');
      expect(res.text).toContain('<title>Proposal unavailable</title>');
      expect(res.text).not.toContain('Revoked proposal title');
      expect(res.text).not.toContain(proposal.id);
      const seed = seedOf(res.text);
      expect(seed).toEqual({
        token: link,
        renderedAt: expect.any(String),
        language: 'en',
        catalogScript: '/assets/en-1.js',
        failure: {
          status: 404,
          error: { code: 'not_found', message: expect.any(String), requestId: expect.any(String) },
        },
      });
    }
  });

  it('renders a withdrawn link’s 410 with who withdrew it, and nothing else of the proposal', async () => {
    const { proposal, token } = await sent('Withdrawn proposal title');
    expect((await owner.post(`/api/proposals/${proposal.id}/withdraw`, {})).status).toBe(200);
    const res = await visitor().get(`/p/${token}`);
    expect(res.status).toBe(200);
    expectPrivatePage(res);
    expect(res.text).toContain('<h1 data-status="410">Olivia Owner withdrew this proposal.');
    expect(res.text).not.toContain('Withdrawn proposal title');
    const seed = seedOf(res.text);
    expect('failure' in seed && seed.failure).toMatchObject({
      status: 410,
      error: { code: 'gone', details: { reason: 'withdrawn', senderName: 'Olivia Owner' } },
    });
  });

  it('renders a visitor who guessed too many links the API’s 429, with when to retry', async () => {
    const guesser = visitor();
    let last: TResult | null = null;
    for (let i = 0; i < 22; i++) last = await guesser.get(`/p/${randomBytes(32).toString('base64url')}`);
    expect(last!.status).toBe(200);
    const seed = seedOf(last!.text);
    expect('failure' in seed && seed.failure).toMatchObject({ status: 429, error: { code: 'rate_limited' } });
    expect('failure' in seed && seed.failure.retryAfter).toBeGreaterThan(0);
  });

  it('answers HEAD with share.html without reading the link, and never serves the render itself', async () => {
    const { token } = await sent();
    const head = await visitor().request(`/p/${token}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(head.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await visitor().get('/ssr/share-render.mjs')).status).toBe(404);
    expect((await visitor().get('/share.html')).status).toBe(404);
  });

  it('leaves the stop link of a follow-up mail (/p/stop/:token) to the browser: share.html as built, no seed', async () => {
    const res = await visitor().get(`/p/stop/${randomBytes(24).toString('base64url')}`, { headers: asBrowser });
    expect(res.status).toBe(200);
    expectPrivatePage(res);
    expect(res.text).toBe(SHARE_HTML);
  });

  it('leaves the page to the browser, as before, without a render in the build or when the render fails', async () => {
    for (const render of [null, FAILING_RENDER]) {
      const dist = fakeDist(render);
      dists.push(dist);
      const other = await startTestServer({ webDist: dist });
      try {
        // Another server, another database: the token is unknown there, which the render would show.
        const { result: res, errors } = await other.withErrorLogs(() =>
          other.client({ ip: nextIp() }).get(`/p/${randomBytes(32).toString('base64url')}`, { headers: asBrowser }),
        );
        expect(res.status).toBe(200);
        expectPrivatePage(res);
        expect(res.text).toBe(SHARE_HTML);
        expect(errors.map((e) => e.msg)).toEqual(
          render === null ? [] : ['the client’s page did not render on the server: it is drawn in the browser'],
        );
      } finally {
        await other.close();
      }
    }
  });
});
