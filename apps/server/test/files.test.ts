import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, uploadMessage, type TUploadProblem } from '@draftwell/shared/workspace/files';
import type { TFileStorage } from '../src/storage/file-storage';
import { reserveStorageKey } from '../src/storage/deletions';
import { saveImageFile } from '../src/storage/image-files';
import { UPLOAD_RATE } from '../src/storage/upload-form';
import { serverI18n } from '../src/lib/i18n';
import {
  backends,
  type Client,
  countRows,
  createPostgresDatabase,
  freePort,
  multipart,
  pairsOfBackendAndStorage,
  randomSecret,
  rawRequest,
  signUp,
  startTestServer,
  storages,
  tempDir,
  type TPart,
  type TTestServer,
  withTwoUsers,
} from './helpers';
import { startS3Server, TEST_S3_SECRET_ACCESS_KEY } from './support/s3-server';

/** The API's messages are English (its contract). */
const refused = (problem: TUploadProblem) => uploadMessage(serverI18n('en'), problem);

// ---------------------------------------------------------------------------------------------
// Test images, made with sharp (or by hand where sharp would refuse to make them).

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
const pngOf = (w = 40, h = 30) => solid(w, h).png().toBuffer();
const jpegOf = (w = 40, h = 30) => solid(w, h).jpeg().toBuffer();
const webpOf = (w = 40, h = 30) => solid(w, h).webp().toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real, valid black-and-white PNG: 20000×20000 is about 50 KB, and 400 megapixels once decoded. */
function decompressionBomb(width = 20_000, height = width): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // 1 bit per pixel, greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

type TUploadOptions = { filename?: string; type?: string; purpose?: string; path?: string; method?: string };

function upload(client: Client, bytes: Uint8Array, opts: TUploadOptions = {}) {
  const parts: TPart[] = [
    { name: 'file', value: bytes, filename: opts.filename ?? 'picture.png', type: opts.type ?? 'image/png' },
  ];
  if (opts.purpose !== undefined) parts.push({ name: 'purpose', value: opts.purpose });
  const { body, type } = multipart(parts);
  return client.request(opts.path ?? '/api/files', {
    method: opts.method ?? 'POST',
    body,
    headers: { 'content-type': type },
  });
}

/** What is in the server's storage, seen from outside it (DATA_DIR/files, or its bucket). */
const storedNames = (server: TTestServer) => server.stored.keys();
const GENERATED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

// ---------------------------------------------------------------------------------------------

const backendsAndStorages = pairsOfBackendAndStorage();

describe.each(backendsAndStorages)('files API (%s, %s storage)', (backend, storage) => {
  const t = withTwoUsers(backend, {}, storage);

  it('stores PNG, JPEG and WebP, answers their metadata and serves the re-encoded bytes', async () => {
    const cases = [
      { bytes: await pngOf(40, 30), type: 'image/png', format: 'png', ext: 'png' },
      { bytes: await jpegOf(64, 48), type: 'image/jpeg', format: 'jpeg', ext: 'jpg' },
      { bytes: await webpOf(20, 10), type: 'image/webp', format: 'webp', ext: 'webp' },
    ];
    for (const c of cases) {
      const meta = await sharp(c.bytes).metadata();
      const res = await upload(t.alice, c.bytes, { filename: `photo.${c.ext}`, type: c.type });
      expect(res.status, c.type).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: `/api/files/${res.body.id}`,
        contentType: c.type,
        size: expect.any(Number),
        width: meta.width,
        height: meta.height,
        createdAt: expect.any(String),
      });

      const served = await fetch(new URL(res.body.url, t.server.url), {
        headers: { cookie: t.alice.cookieHeader() },
      });
      expect(served.status).toBe(200);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBe(res.body.size);
      expect(served.headers.get('content-length')).toBe(String(res.body.size));
      // Byte for byte what the storage holds under its generated key.
      const [key] = (await storedNames(t.server)).filter((n) => n.startsWith(res.body.id));
      expect(key).toBe(`${res.body.id}.${c.ext}`);
      expect(Buffer.compare((await t.server.stored.read(key!))!, bytes)).toBe(0);
      expect((await sharp(bytes).metadata()).format).toBe(c.format);
      expect(served.headers.get('content-type')).toBe(c.type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toBe(`inline; filename="${res.body.id}.${c.ext}"`);
      expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const etag = served.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

      const again = await t.alice.get(res.body.url, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const stale = await t.alice.get(res.body.url, { headers: { 'if-none-match': `"${'0'.repeat(64)}"` } });
      expect(stale.status).toBe(200);
    }
  });

  it('purpose logo scales the image to fit 1024 px; an unknown purpose is refused', async () => {
    const logo = await upload(t.alice, await pngOf(2000, 1000), { purpose: 'logo' });
    expect(logo.status).toBe(201);
    expect(logo.body).toMatchObject({ width: 1024, height: 512 });

    const image = await upload(t.alice, await pngOf(2000, 1000), { purpose: 'image' });
    expect(image.body).toMatchObject({ width: 2000, height: 1000 });

    const before = await countRows(t.server, 'files');
    const bad = await upload(t.alice, await pngOf(), { purpose: 'avatar' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ purpose: expect.any(String) });
    expect(await countRows(t.server, 'files')).toBe(before);
  });

  it('A14: a 6 MB upload is refused with 413 before it is read, by length or chunked', async () => {
    const before = await countRows(t.server, 'files');
    const big = multipart([
      { name: 'file', value: new Uint8Array(6 * 1024 * 1024), filename: 'logo.png', type: 'image/png' },
    ]);
    const headers = { origin: t.server.env.baseUrl, cookie: t.alice.cookieHeader(), 'content-type': big.type };
    const framings: Array<Record<string, string>> = [
      { 'content-length': String(big.body.length) },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const extra of framings) {
      for (const [method, p] of [
        ['POST', '/api/files'],
        ['PUT', '/api/profile/logo'],
      ] as const) {
        const res = await rawRequest(`${t.server.url}${p}`, {
          method,
          headers: { ...headers, ...extra },
          body: big.body,
        });
        expect(res.status, `${method} ${p} ${Object.keys(extra)[0]}`).toBe(413);
        expect(JSON.parse(res.text).error).toMatchObject({ code: 'too_large', message: refused('tooLarge') });
      }
    }
    expect(refused('tooLarge')).toMatch(/^That file is larger than 2 MB\./);

    // Inside the body limit (the multipart envelope has room), but the file itself is over 2 MB.
    const over = await upload(t.alice, new Uint8Array(UPLOAD_MAX_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ code: 'too_large', message: refused('tooLarge') });
    expect(await countRows(t.server, 'files')).toBe(before);

    // The upload limit does not widen the JSON routes' 1 MB.
    const json = await rawRequest(`${t.server.url}/api/clients`, {
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Big', notes: 'x'.repeat(1_500_000) }),
    });
    expect(json.status).toBe(413);
  });

  it('A14: a 20000×20000 PNG (a decompression bomb in 50 KB) is refused with 422 by the pixel cap', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const before = await countRows(t.server, 'files');
    const profileBefore = (await t.alice.get('/api/profile')).body;
    for (const p of ['/api/files', '/api/profile/logo']) {
      const res = await upload(t.alice, bomb, { path: p, method: p === '/api/files' ? 'POST' : 'PUT' });
      expect(res.status, p).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'too_large', message: refused('tooManyPixels') });
    }
    // Long and thin: far under the pixel count, over the side limit.
    const thin = await upload(t.alice, decompressionBomb(10_001, 2));
    expect(thin.status).toBe(422);
    expect((await upload(t.alice, decompressionBomb(10_000, 2))).status).toBe(201);
    expect(await countRows(t.server, 'files')).toBe(before + 1);
    expect((await t.alice.get('/api/profile')).body).toEqual(profileBefore);
  });

  it('A14: content is sniffed from the bytes: HTML, SVG, PDF, GIF, empty and damaged files are 415', async () => {
    const png = await pngOf();
    const gif = await solid(10, 10).gif().toBuffer();
    const cases: Array<[string, Uint8Array, string]> = [
      ['HTML renamed .png', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'x.png'],
      [
        'SVG with script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        'logo.png',
      ],
      ['SVG without script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'a.svg'],
      ['PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'doc.png'],
      ['GIF', gif, 'anim.png'],
      ['empty', new Uint8Array(0), 'empty.png'],
      ['PNG magic then garbage', Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png at all')]), 'a.png'],
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'half.png'],
      ['JPEG magic then HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html>')]), 'a.jpg'],
    ];
    const before = await countRows(t.server, 'files');
    for (const [name, bytes, filename] of cases) {
      const res = await upload(t.alice, bytes, { filename, type: 'image/png' });
      expect(res.status, name).toBe(415);
      expect(res.body.error.code, name).toBe('unsupported_media_type');
      expect(res.body.error.message, name).toMatch(/Upload a PNG, JPEG or WebP image\.$/);
    }
    expect(await countRows(t.server, 'files')).toBe(before);
  });

  it('refuses a missing file field (400), a text field named file (400) and a JSON body (415)', async () => {
    const noFile = multipart([{ name: 'purpose', value: 'image' }]);
    const res = await t.alice.request('/api/files', {
      method: 'POST',
      body: noFile.body,
      headers: { 'content-type': noFile.type },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid', fields: { file: refused('missing') } });

    const text = multipart([{ name: 'file', value: 'just text' }]);
    const textRes = await t.alice.request('/api/files', {
      method: 'POST',
      body: text.body,
      headers: { 'content-type': text.type },
    });
    expect(textRes.status).toBe(400);

    const two = multipart([
      { name: 'file', value: await pngOf(), filename: 'a.png' },
      { name: 'file', value: await pngOf(), filename: 'b.png' },
    ]);
    const twoRes = await t.alice.request('/api/files', {
      method: 'POST',
      body: two.body,
      headers: { 'content-type': two.type },
    });
    expect(twoRes.status).toBe(400);

    const broken = await t.alice.request('/api/files', {
      method: 'POST',
      body: '--nope\r\nnot multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
    });
    expect(broken.status).toBe(400);

    const json = await t.alice.post('/api/files', { file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(415);
    const none = await t.alice.request('/api/files', { method: 'POST' });
    expect(none.status).toBe(415);
  });

  it('A14: the file name is never used: ../../x, NUL and very long names are stored under generated keys', async () => {
    const png = await pngOf();
    for (const filename of ['../../x.png', '..\\..\\x.png', 'a\u0000b.png', `${'n'.repeat(5000)}.png`, '/etc/passwd']) {
      const res = await upload(t.alice, png, { filename });
      expect(res.status, filename.slice(0, 20)).toBe(201);
      expect(res.body.url).toBe(`/api/files/${res.body.id}`);
    }
    const names = await storedNames(t.server);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(GENERATED_NAME);
    const everywhere = readdirSync(t.server.dataDir, { recursive: true }) as string[];
    expect(everywhere.filter((p) => path.basename(p) === 'x.png' || p.includes('passwd'))).toEqual([]);
    expect(readdirSync(path.dirname(t.server.dataDir))).not.toContain('x.png');
    // With a bucket, nothing is written to the local disk at all.
    if (storage === 's3') expect(existsSync(path.join(t.server.dataDir, 'files'))).toBe(false);
  });

  it('strips EXIF (GPS, camera) and ICC from a JPEG and orients it from EXIF', async () => {
    const input = await solid(64, 48)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'SecretCamera', Model: 'Spy 3000' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 26/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 39/1',
        },
      })
      .withIccProfile('p3')
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif?.includes('SecretCamera')).toBe(true);
    // The GPS IFD pointer (tag 0x8825), in either byte order.
    expect([Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])].some((tag) => inMeta.exif!.includes(tag))).toBe(true);
    expect(inMeta.icc).toBeDefined();
    expect(inMeta.orientation).toBe(6);

    const res = await upload(t.alice, input, { filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    // Orientation 6 is a quarter turn: 64×48 stored, 48×64 shown.
    expect(res.body).toMatchObject({ width: 48, height: 64 });

    const served = await fetch(new URL(res.body.url, t.server.url), { headers: { cookie: t.alice.cookieHeader() } });
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('SecretCamera')).toBe(false);
    expect(bytes.includes('Exif\0\0')).toBe(false);
  });

  it('A1: another user cannot read, delete or export my file; a malformed id is the same 404', async () => {
    const mine = await upload(t.alice, await pngOf());
    expect(mine.status).toBe(201);
    const id = mine.body.id as string;

    const notFound = await t.bob.get(`/api/files/${id}`);
    expect(notFound.status).toBe(404);
    expect(notFound.text).not.toContain('PNG');
    const malformed = await t.bob.get('/api/files/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.message).toBe(notFound.body.error.message);
    expect((await t.alice.get('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await t.alice.get('/api/files/00000000-0000-4000-8000-000000000000')).body.error.message).toBe(
      notFound.body.error.message,
    );

    expect((await t.bob.delete(`/api/files/${id}`)).status).toBe(404);
    expect((await t.bob.delete('/api/files/not-a-uuid')).status).toBe(404);
    expect((await t.alice.get(`/api/files/${id}`)).status).toBe(200);

    const bobExport = await t.bob.get('/api/account/export');
    expect(bobExport.status).toBe(200);
    expect(bobExport.text).not.toContain(id);
    const aliceExport = await t.alice.get('/api/account/export');
    const listed = (aliceExport.body.files as Array<Record<string, unknown>>).find((f) => f.id === id);
    expect(listed).toMatchObject({
      id,
      url: `/api/files/${id}`,
      purpose: 'image',
      contentType: 'image/png',
      size: mine.body.size,
      width: 40,
      height: 30,
    });
    expect(listed).not.toHaveProperty('storageKey');
    expect(listed).not.toHaveProperty('ownerId');
  });

  it('deletes my file: 204, then 404, and its bytes are gone from the storage', async () => {
    const res = await upload(t.alice, await webpOf(), { filename: 'x.webp', type: 'image/webp' });
    const name = `${res.body.id}.webp`;
    expect(await storedNames(t.server)).toContain(name);
    expect((await t.alice.delete(`/api/files/${res.body.id}`)).status).toBe(204);
    expect((await t.alice.get(`/api/files/${res.body.id}`)).status).toBe(404);
    expect((await t.alice.delete(`/api/files/${res.body.id}`)).status).toBe(404);
    expect(await storedNames(t.server)).not.toContain(name);
    // Nothing is left queued for deletion: the bytes went at once.
    expect(await countRows(t.server, 'storage_deletions')).toBe(0);
  });

  it('a file whose bytes are gone from the storage is a 404 like any unknown file, and is logged', async () => {
    const res = await upload(t.alice, await pngOf());
    expect(res.status).toBe(201);
    await t.server.stored.remove(`${res.body.id}.png`);
    const gone = await t.alice.get(res.body.url);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('We could not find that file.');
    expect(t.server.logs.some((l) => l.msg === 'stored file missing' && l.fileId === res.body.id)).toBe(true);
  });

  it('answers 401 without a session and 403 to a foreign or missing origin, storing nothing', async () => {
    const before = await countRows(t.server, 'files');
    const png = await pngOf();
    const anon = t.server.client();
    expect((await upload(anon, png)).status).toBe(401);
    expect((await anon.get('/api/files/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await anon.delete('/api/files/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await upload(anon, png, { path: '/api/profile/logo', method: 'PUT' })).status).toBe(401);

    const { body, type } = multipart([{ name: 'file', value: png, filename: 'a.png', type: 'image/png' }]);
    for (const origin of ['https://evil.example.com', null]) {
      for (const [method, p] of [
        ['POST', '/api/files'],
        ['PUT', '/api/profile/logo'],
      ]) {
        const res = await t.alice.request(p!, { method, body, origin, headers: { 'content-type': type } });
        expect(res.status, `${method} ${p} from ${origin}`).toBe(403);
      }
    }
    expect(await countRows(t.server, 'files')).toBe(before);
    expect((await t.alice.get('/api/profile')).body.logoFileId).toBeNull();
  });

  it('limits uploads per user: past the cap, 429 with Retry-After and nothing stored', async () => {
    const { client } = await signUp(t.server, { name: 'Busy' });
    const tiny = await pngOf(1, 1);
    for (let i = 0; i < UPLOAD_RATE.max; i += 1) expect((await upload(client, tiny)).status).toBe(201);
    const before = await countRows(t.server, 'files');
    const res = await upload(client, tiny);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countRows(t.server, 'files')).toBe(before);
    // Someone else is not affected.
    expect((await upload(t.bob, tiny)).status).toBe(201);
  });

  it('never a partial write: failed storage leaves no row; a failed insert leaves no bytes', async () => {
    const { server } = t;
    const { user } = await signUp(server, { name: 'Partial' });
    const db = server.deps.database.db;
    const log = server.deps.logger;
    const png = await pngOf();

    const broken: TFileStorage = {
      ...server.deps.storage,
      put: () => Promise.reject(new Error('disk full')),
    };
    const before = await countRows(server, 'files');
    await expect(
      saveImageFile({ db, storage: broken, log, ownerId: user.id, bytes: png, purpose: 'image' }),
    ).rejects.toThrow('disk full');
    expect(await countRows(server, 'files')).toBe(before);

    const namesBefore = await storedNames(server);
    await expect(
      saveImageFile({
        db,
        storage: server.deps.storage,
        log,
        ownerId: '00000000-0000-4000-8000-000000000000', // no such user: the foreign key refuses the row
        bytes: png,
        purpose: 'image',
      }),
    ).rejects.toThrow();
    expect((await storedNames(server)).sort()).toEqual(namesBefore.sort());
    expect(await countRows(server, 'files')).toBe(before);
  });
});

describe.each(storages())('files when the storage cannot be reached (%s storage)', (storage) => {
  it('answers 503 with Retry-After (never a 500), keeps rows whole, and deletes bytes once it is back', async () => {
    // Its own S3 server (on a port it keeps, so it can come back), or its own DATA_DIR.
    const port = await freePort();
    const s3Dir = tempDir('dw-s3-down-');
    let s3 = storage === 's3' ? await startS3Server(s3Dir, port) : undefined;
    const server = await startTestServer({ storage, s3Server: s3, env: { TRUST_PROXY: 'true' }, logLevel: 'info' });
    const filesDir = path.join(server.dataDir, 'files');
    try {
      const { client } = await signUp(server, { name: 'Unlucky' });
      const kept = await upload(client, await pngOf());
      const doomed = await upload(client, await pngOf(20, 20));
      expect([kept.status, doomed.status]).toEqual([201, 201]);

      // The bucket goes away (or the disk refuses: its directory is a file now).
      if (s3) await s3.close();
      else {
        renameSync(filesDir, `${filesDir}.away`);
        writeFileSync(filesDir, 'not a directory');
      }

      const read = await client.get(kept.body.url);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('30');
      expect(read.body.error).toMatchObject({
        code: 'unavailable',
        message: 'Stored files cannot be reached just now. Try again in a minute.',
      });
      expect(read.text).not.toMatch(/ECONNREFUSED|ENOTDIR|at .*\.ts/);
      const rowsBefore = await countRows(server, 'files');
      const refused = await upload(client, await pngOf(30, 30));
      expect(refused.status).toBe(503);
      expect(await countRows(server, 'files')).toBe(rowsBefore);
      // Deleting still works for the owner: the row goes now, its bytes when the storage is back.
      expect((await client.delete(`/api/files/${doomed.body.id}`)).status).toBe(204);
      expect((await client.get(doomed.body.url)).status).toBe(404);
      const doomedKey = `${doomed.body.id}.png`;
      expect(await countRows(server, `storage_deletions where storage_key = '${doomedKey}'`)).toBe(1);
      const warnings = server.logs.filter((l) => l.msg === 'file storage unavailable');
      expect(warnings.length).toBeGreaterThanOrEqual(3);
      expect(warnings[0]).toMatchObject({ storage, reason: expect.stringMatching(/ECONNREFUSED|ENOTDIR|EEXIST/) });
      expect(server.logs.some((l) => l.level >= 50)).toBe(false);

      // No attempt under way or due while the storage comes back: the first one (at the delete)
      // has failed, and the next waits until the test says (under load an attempt still retrying
      // inside the S3 client when the bucket came back deleted the bytes before the check below).
      await server.deps.fileDeletions.drain();
      await server.deps.database.db.execute(
        sql`update storage_deletions set next_attempt_at = now() + interval '1 hour', locked_until = null`,
      );

      // Back.
      if (storage === 's3') s3 = await startS3Server(s3Dir, port);
      else {
        rmSync(filesDir);
        renameSync(`${filesDir}.away`, filesDir);
      }
      expect((await client.get(kept.body.url)).status).toBe(200);
      expect(await server.stored.keys()).toContain(doomedKey);
      // The deletion is retried when its backoff is over (here: now).
      await server.deps.database.db.execute(sql`update storage_deletions set next_attempt_at = now()`);
      await server.deps.fileDeletions.drain();
      expect(await server.stored.keys()).not.toContain(doomedKey);
      expect(await server.stored.keys()).toContain(`${kept.body.id}.png`);
      expect(await countRows(server, `storage_deletions where storage_key = '${doomedKey}'`)).toBe(0);

      // The secret key of the bucket is in no log line.
      expect(JSON.stringify(server.logs)).not.toContain(TEST_S3_SECRET_ACCESS_KEY);
    } finally {
      await server.close();
      await s3?.close();
    }
  });
});

describe('stored bytes without their row', () => {
  it('bytes whose row never came (the process stopped after writing them) are deleted when their hour is up; bytes a row keeps never are', async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const { client } = await signUp(server);
      const kept = await upload(client, await pngOf());
      const keptKey = `${kept.body.id}.png`;
      const db = server.deps.database.db;
      // An upload that stopped between its bytes and its row.
      await reserveStorageKey(db, 'aaaaaaaa-0000-4000-8000-000000000000.png');
      await server.deps.storage.put('aaaaaaaa-0000-4000-8000-000000000000.png', await pngOf(5, 5));
      // And a queued key that a row still refers to (which must never lose its bytes).
      await db.execute(sql`insert into storage_deletions (storage_key) values (${keptKey})`);

      await server.deps.fileDeletions.drain();
      // Not before its hour is up.
      expect(await server.stored.keys()).toContain('aaaaaaaa-0000-4000-8000-000000000000.png');
      await db.execute(sql`update storage_deletions set next_attempt_at = now()`);
      await server.deps.fileDeletions.drain();
      expect(await server.stored.keys()).not.toContain('aaaaaaaa-0000-4000-8000-000000000000.png');
      expect(await server.stored.keys()).toContain(keptKey);
      expect((await client.get(kept.body.url)).status).toBe(200);
      expect(await countRows(server, 'storage_deletions')).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe.each(backends())('two instances, one bucket, no shared disk (%s)', (backend) => {
  it('each serves the files uploaded through the other, to their owner only, and a delete on one is seen on both', async () => {
    const authSecret = randomSecret();
    const pglite = backend === 'pglite' ? await PGlite.create() : undefined;
    const databaseUrl = backend === 'postgres' ? await createPostgresDatabase() : undefined;
    const shared = { backend, authSecret, pglite, databaseUrl, skipDataDirLock: true, storage: 's3' as const };
    const a = await startTestServer(shared);
    const b = await startTestServer({ ...shared, bucket: a.bucket });
    try {
      expect(b.bucket).toBe(a.bucket);
      expect(b.dataDir).not.toBe(a.dataDir);
      const alice = await signUp(a);
      const bob = await signUp(b);
      /** The same signed-in browser, sent to the other instance (as a load balancer would). */
      const on = (server: TTestServer, client: Client) => {
        const other = server.client();
        for (const [name, value] of client.jar) other.jar.set(name, value);
        return other;
      };

      const png = await pngOf(64, 48);
      const fromA = await upload(alice.client, png);
      expect(fromA.status).toBe(201);
      const logoFromB = await upload(on(b, alice.client), await jpegOf(30, 20), { purpose: 'logo' });
      expect(logoFromB.status).toBe(201);

      const onB = await on(b, alice.client).get(fromA.body.url);
      expect(onB.status).toBe(200);
      expect(onB.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(onB.bytes).equals(Buffer.from((await alice.client.get(fromA.body.url)).bytes))).toBe(true);
      expect((await alice.client.get(logoFromB.body.url)).status).toBe(200);
      // Neither instance wrote a file of its own.
      for (const server of [a, b]) expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);
      // Another owner gets the same 404 on either.
      expect((await bob.client.get(fromA.body.url)).status).toBe(404);
      expect((await on(a, bob.client).get(logoFromB.body.url)).status).toBe(404);

      // Deleted through A: gone on B, and its bytes leave the bucket.
      expect((await alice.client.delete(fromA.body.url)).status).toBe(204);
      expect((await on(b, alice.client).get(fromA.body.url)).status).toBe(404);
      await b.deps.fileDeletions.drain();
      await a.deps.fileDeletions.drain();
      expect((await a.stored.keys()).some((key) => key.startsWith(fromA.body.id))).toBe(false);
      expect((await b.stored.keys()).some((key) => key.startsWith(logoFromB.body.id))).toBe(true);
    } finally {
      await b.close();
      await a.close();
      await pglite?.close();
    }
  });
});
