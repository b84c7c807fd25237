import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzipAsync = promisify(gzip);

/** Below this a JSON body is sent as it is: gzip's framing would eat most of the saving. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Gzips a JSON answer of a GET for a browser that accepts it: the client's page reads its
 * proposal as one JSON document of tens of kilobytes, on a phone as often as not (Lighthouse's
 * "enable text compression"). zlib runs on libuv's thread pool, off the event loop. Streams (AI
 * drafts), files and PDFs are not JSON and pass untouched, as does anything already encoded.
 */
export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || c.res.status !== 200) return;
  const res = c.res;
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return;
  if (res.headers.has('content-encoding')) return;
  res.headers.append('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return;
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length < COMPRESS_MIN_BYTES) {
    c.res = new Response(body, res);
    return;
  }
  const compressed = await gzipAsync(body, { level: 6 });
  const headers = new Headers(res.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  c.res = new Response(new Uint8Array(compressed), { status: res.status, headers });
};
