import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressJson } from './compress-json';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `line ${i} of a proposal` })) };

const app = new Hono()
  .use(compressJson())
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/text', (c) => c.text('x'.repeat(COMPRESS_MIN_BYTES * 4)))
  .get('/missing', (c) => c.json({ error: 'x'.repeat(COMPRESS_MIN_BYTES * 4) }, 404))
  .post('/big', (c) => c.json(big));

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compressJson', () => {
  it('gzips a large JSON answer to a GET when the browser accepts gzip, and it reads back the same', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(big);
  });

  it('sends the JSON as it is to a browser that does not accept gzip, or when it is small', async () => {
    for (const res of [await get('/big'), await get('/big', 'br, deflate'), await get('/small', 'gzip')]) {
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.json()).toBeTruthy();
    }
  });

  it('leaves other answers alone: not JSON, not a 200, not a GET', async () => {
    const text = await get('/text', 'gzip');
    expect(text.headers.get('content-encoding')).toBeNull();
    const missing = await get('/missing', 'gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBeNull();
    const post = await app.request('/big', { method: 'POST', headers: { 'accept-encoding': 'gzip' } });
    expect(post.headers.get('content-encoding')).toBeNull();
    expect(await post.json()).toEqual(big);
  });
});
