import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAddress, checkWebhookTarget, checkWebhookUrl, type TResolver } from './address';
import { postWebhook, WEBHOOK_EXCERPT_CHARS } from './deliver';

/**
 * SSRF (decision 0021): which addresses and URLs a webhook may reach, checked after resolution,
 * and the request itself: refused before sending, pinned to the checked address, no redirects,
 * answers cut. A real HTTP server on loopback plays the receiver.
 */

const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

describe('webhook addresses', () => {
  it.each([
    ['10.0.0.1'],
    ['10.255.255.255'],
    ['172.16.0.1'],
    ['172.31.255.254'],
    ['192.168.1.10'],
    ['169.254.169.254'],
    ['169.254.0.1'],
    ['100.100.100.200'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['fc00::1'],
    ['fd00:ec2::254'],
    ['fdff:ffff::1'],
    ['fe80::1'],
    ['febf::1'],
    ['::'],
    ['ff02::1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:a9fe:a9fe'],
    ['::ffff:192.168.0.1'],
    ['::10.0.0.1'],
    ['64:ff9b::a00:1'],
    ['2002:a00:1::1'],
  ])('refuses %s, even with loopback allowed', (ip) => {
    expect(checkAddress(ip, strict).ok).toBe(false);
    expect(checkAddress(ip, loose).ok).toBe(false);
  });

  it.each([['127.0.0.1'], ['127.1.2.3'], ['::1'], ['::ffff:127.0.0.1'], ['[::1]']])(
    'refuses loopback %s unless the operator allows it',
    (ip) => {
      expect(checkAddress(ip, strict)).toMatchObject({ ok: false, what: expect.stringContaining('loopback') });
      expect(checkAddress(ip, loose).ok).toBe(true);
    },
  );

  it.each([['93.184.215.14'], ['8.8.8.8'], ['172.32.0.1'], ['192.169.0.1'], ['2606:4700::1111'], ['::ffff:8.8.8.8']])(
    'allows the public address %s',
    (ip) => {
      expect(checkAddress(ip, strict).ok).toBe(true);
    },
  );

  it('allows https URLs; http only to loopback when allowed; no credentials; no private IP literals', () => {
    const off = { allowHttpLoopback: false };
    const on = { allowHttpLoopback: true };
    expect(checkWebhookUrl('https://hooks.example.com/draftwell', off).ok).toBe(true);
    expect(checkWebhookUrl('http://hooks.example.com/draftwell', off)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://hooks.example.com/draftwell', on)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://127.0.0.1:9999/x', off)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://127.0.0.1:9999/x', on).ok).toBe(true);
    expect(checkWebhookUrl('http://[::1]:9999/x', on).ok).toBe(true);
    expect(checkWebhookUrl('http://localhost:9999/x', on).ok).toBe(true);
    expect(checkWebhookUrl('ftp://hooks.example.com/', on)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/', off)).toMatchObject({ ok: false });
    for (const url of [
      'https://10.1.2.3/',
      'https://172.16.5.4/',
      'https://192.168.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://0x7f000001/',
      'https://2130706433/',
    ]) {
      expect(checkWebhookUrl(url, off), url).toMatchObject({ ok: false });
    }
  });
});

describe('webhook targets (A26: the same check at save and at delivery)', () => {
  const off = { allowHttpLoopback: false };
  const on = { allowHttpLoopback: true };
  /** A resolver with the answers given, and "no such name" for any other. */
  const answers =
    (table: Record<string, string[]>): TResolver =>
    async (name) => {
      const found = table[name];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const resolve = answers({
    localhost: ['127.0.0.1', '::1'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'ten.example.com': ['10.1.2.3'],
    'meta.example.com': ['169.254.169.254'],
    'v6-loopback.example.com': ['::1'],
    'v6-link-local.example.com': ['fe80::1'],
    'v6-mapped.example.com': ['::ffff:169.254.169.254'],
    'half.example.com': ['93.184.215.14', '192.168.0.7'],
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  });

  it.each([
    ['https://localhost/h', 'localhost always leads to this server itself, a loopback address'],
    ['https://localhost./h', 'localhost always leads to this server itself, a loopback address'],
    ['https://LOCALHOST/h', 'localhost always leads to this server itself, a loopback address'],
    ['https://hooks.localhost:8443/h', 'hooks.localhost always leads to this server itself, a loopback address'],
    [
      'https://metadata.google.internal/computeMetadata/v1/',
      'metadata.google.internal is a name under .internal, which only a private network resolves',
    ],
    [
      'https://metadata/computeMetadata/v1/',
      'metadata is a name without a domain, which only a private network resolves',
    ],
    ['https://printer.local/h', 'printer.local is a name under .local, which only a private network resolves'],
    ['https://nas.home.arpa/h', 'nas.home.arpa is a name under .home.arpa, which only a private network resolves'],
    ['https://127.0.0.1.nip.io/h', '127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address'],
    ['https://ten.example.com/h', 'ten.example.com resolves to 10.1.2.3, a private address'],
    ['https://meta.example.com/h', 'meta.example.com resolves to 169.254.169.254, a cloud metadata address'],
    ['https://v6-loopback.example.com/h', 'v6-loopback.example.com resolves to ::1, a loopback address'],
    ['https://v6-link-local.example.com/h', 'v6-link-local.example.com resolves to fe80::1, a link-local address'],
    [
      'https://v6-mapped.example.com/h',
      'v6-mapped.example.com resolves to ::ffff:169.254.169.254, the IPv6 form of 169.254.169.254, a cloud metadata address',
    ],
    ['https://half.example.com/h', 'half.example.com resolves to 192.168.0.7, a private address'],
    ['https://127.0.0.1/h', '127.0.0.1 is a loopback address'],
    ['https://[::1]/h', '::1 is a loopback address'],
    ['https://[fe80::1]/h', 'fe80::1 is a link-local address'],
  ])('refuses %s in a sentence: %s', async (url, detail) => {
    expect(await checkWebhookTarget(url, { ...off, resolve })).toEqual({
      ok: false,
      reason: `This address is not allowed: ${detail}. Webhooks must reach a public server.`,
    });
  });

  it('says when a name cannot be resolved, or not in time', async () => {
    expect(await checkWebhookTarget('https://nowhere.example.com/h', { ...off, resolve })).toEqual({
      ok: false,
      reason:
        'This address could not be checked: nowhere.example.com could not be resolved (no such name). Check the host name; a name just set up may take a few minutes to resolve.',
    });
    const silent: TResolver = () => new Promise(() => undefined);
    const late = await checkWebhookTarget('https://slow.example.com/h', { ...off, resolve: silent, timeoutMs: 20 });
    expect(late).toMatchObject({
      ok: false,
      reason: expect.stringContaining('could not be resolved (no answer within'),
    });
    const empty = await checkWebhookTarget('https://empty.example.com/h', { ...off, resolve: async () => [] });
    expect(empty).toMatchObject({
      ok: false,
      reason: expect.stringContaining('could not be resolved (it has no address)'),
    });
  });

  it('accepts a name whose every address is public, and answers the address to connect to', async () => {
    const verdict = await checkWebhookTarget('https://Hooks.Example.com./draftwell', { ...off, resolve });
    expect(verdict).toMatchObject({ ok: true, host: 'hooks.example.com', address: { address: '93.184.215.14' } });
    expect(await checkWebhookTarget('https://93.184.215.14/x', { ...off, resolve })).toMatchObject({ ok: true });
  });

  it('lets localhost names through to the resolver only when the operator allows loopback', async () => {
    expect(await checkWebhookTarget('http://localhost:9999/x', { ...on, resolve })).toMatchObject({
      ok: true,
      address: { address: '127.0.0.1' },
    });
    expect(
      await checkWebhookTarget('http://localhost.:9999/x', { ...on, resolve: answers({ localhost: ['::1'] }) }),
    ).toMatchObject({
      ok: true,
      address: { address: '::1' },
    });
    // Allowed loopback is not allowed private: a name still must not lead inside.
    expect(await checkWebhookTarget('https://ten.example.com/h', { ...on, resolve })).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://metadata.google.internal/', { ...on, resolve })).toMatchObject({
      ok: false,
    });
  });
});

describe('postWebhook', () => {
  let server: http.Server;
  let port: number;
  const seen: Array<{ path: string; host: string | undefined; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', host: req.headers.host, body: Buffer.concat(chunks).toString('utf8') });
        if (req.url === '/redirect') {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        } else if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('x'.repeat(1_000_000));
        } else if (req.url === '/slow') {
          setTimeout(() => res.writeHead(200).end('late'), 2000).unref();
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (url: string, opts: { allowHttpLoopback?: boolean; resolve?: TResolver; timeoutMs?: number } = {}) =>
    postWebhook({
      url,
      body: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json' },
      allowHttpLoopback: opts.allowHttpLoopback ?? true,
      resolve: opts.resolve,
      timeoutMs: opts.timeoutMs,
    });

  it('posts to an allowed loopback receiver and keeps an excerpt of its answer', async () => {
    const result = await post(`http://127.0.0.1:${port}/ok`);
    expect(result).toMatchObject({ ok: true, status: 200, excerpt: '{"received":true}', error: null, refused: false });
    expect(seen.at(-1)).toMatchObject({ path: '/ok', body: '{"id":"evt_1"}' });
  });

  it('refuses http and loopback when the operator setting is off, before sending anything', async () => {
    const before = seen.length;
    expect(await post(`http://127.0.0.1:${port}/ok`, { allowHttpLoopback: false })).toMatchObject({
      ok: false,
      refused: true,
    });
    expect(await post(`https://127.0.0.1:${port}/ok`, { allowHttpLoopback: false })).toMatchObject({
      ok: false,
      refused: true,
    });
    expect(seen.length).toBe(before);
  });

  it('refuses a name that resolves to a private or metadata address (any of its addresses)', async () => {
    for (const addresses of [
      [{ address: '10.0.0.7', family: 4 }],
      [{ address: '192.168.1.1', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
      [{ address: 'fd12::1', family: 6 }],
      [{ address: '::ffff:172.16.0.1', family: 6 }],
      [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    ]) {
      const result = await post('https://hooks.example.test/x', { resolve: async () => addresses });
      expect(result, JSON.stringify(addresses)).toMatchObject({ ok: false, refused: true });
      expect(result.error).toMatch(/^This address is not allowed: hooks\.example\.test resolves to /);
    }
    // And a real resolver's answer for localhost, with loopback not allowed.
    expect(await post(`https://localhost:${port}/x`, { allowHttpLoopback: false })).toMatchObject({ refused: true });
  });

  it('connects to the address it checked: the name is resolved once, then pinned (no rebinding)', async () => {
    let lookups = 0;
    // First answer: the receiver on loopback (allowed here); any later answer would be a private address.
    const rebinding: TResolver = async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.9', family: 4 }];
    };
    const result = await post(`http://pinned.localhost:${port}/pinned`, { resolve: rebinding });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toMatchObject({ path: '/pinned', host: `pinned.localhost:${port}` });
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    const result = await post(`http://127.0.0.1:${port}/redirect`);
    expect(result).toMatchObject({ ok: false, status: 302, refused: false });
    expect(result.error).toMatch(/redirects are not followed/);
    expect(seen.length).toBe(before + 1);
  });

  it('reads at most 64 kB of an answer and keeps about a kilobyte', async () => {
    const result = await post(`http://127.0.0.1:${port}/big`);
    expect(result.status).toBe(200);
    expect(result.excerpt).toHaveLength(WEBHOOK_EXCERPT_CHARS);
  });

  it('stops a request under way when its signal aborts (the server stopping)', async () => {
    const stopping = new AbortController();
    const pending = postWebhook({
      url: `http://127.0.0.1:${port}/slow`,
      body: '{}',
      headers: {},
      allowHttpLoopback: true,
      signal: stopping.signal,
    });
    stopping.abort();
    expect(await pending).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/stopping/) });
  });

  it('gives up when the answer takes longer than the timeout', async () => {
    const result = await post(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/no answer within/);
  });
});
