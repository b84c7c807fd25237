import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { checkWebhookTarget, type TResolvedAddress, type TResolver } from './address';

/**
 * One webhook request (decision 0021), safe to point at any URL an owner typed: https only (http
 * to loopback only when the operator allows it), every address the name resolves to must be
 * public, and the socket connects to the address that was checked (a `lookup` that answers with
 * it: nothing resolves the name a second time, so DNS rebinding cannot switch it). Redirects are
 * not followed, the whole request has 10 seconds, and at most 64 kB of the answer is read.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
export const WEBHOOK_EXCERPT_CHARS = 1024;

export type TPostResult = {
  ok: boolean;
  /** The answer's HTTP status, null when none came. */
  status: number | null;
  latencyMs: number;
  /** The first kilobyte of the answer's body (as text). */
  excerpt: string | null;
  /** Why it failed, for the owner's delivery log; null on success. */
  error: string | null;
  /** The request was refused before anything was sent (the URL or its address is not allowed). */
  refused: boolean;
};

export type TPostOptions = {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowHttpLoopback: boolean;
  resolve?: TResolver;
  timeoutMs?: number;
  /** Aborts the request (the server is stopping): it ends as a failure, retried later. */
  signal?: AbortSignal;
};

const refusal = (error: string, started: number): TPostResult => ({
  ok: false,
  status: null,
  latencyMs: Math.round(performance.now() - started),
  excerpt: null,
  error,
  refused: true,
});

export async function postWebhook(opts: TPostOptions): Promise<TPostResult> {
  const started = performance.now();
  const target = await checkWebhookTarget(opts.url, {
    allowHttpLoopback: opts.allowHttpLoopback,
    resolve: opts.resolve,
  });
  if (!target.ok) return refusal(target.reason, started);
  const { url, host: hostname, address: pinned } = target;
  // The connection goes where the check said, whatever the name resolves to by then.
  const lookup: LookupFunction = (_name, options, callback) => {
    if (options.all) (callback as (e: null, a: TResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const secure = url.protocol === 'https:';
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  return new Promise<TPostResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<TPostResult, 'latencyMs' | 'refused'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: Math.round(performance.now() - started), refused: false });
    };
    const body = Buffer.from(opts.body, 'utf8');
    const req = (secure ? https : http).request({
      protocol: url.protocol,
      host: hostname,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...opts.headers, 'content-length': String(body.byteLength) },
      lookup,
      agent: false,
      ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} seconds`));
    }, timeoutMs);
    const onAbort = () => req.destroy(new Error('not finished: the server was stopping'));
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => opts.signal?.removeEventListener('abort', onAbort));
    req.on('error', (err) => finish({ ok: false, status: null, excerpt: null, error: errorText(err) }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (cut: boolean) => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        const location = res.headers.location;
        finish({
          ok,
          status,
          excerpt: text.slice(0, WEBHOOK_EXCERPT_CHARS) || null,
          error: ok
            ? null
            : status !== null && status >= 300 && status < 400
              ? `Answered ${status}, a redirect${location ? ` to ${location.slice(0, 200)}` : ''}; redirects are not followed.`
              : `Answered ${status}${cut ? ' (answer cut at 64 kB)' : ''}.`,
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = WEBHOOK_MAX_RESPONSE_BYTES - size;
        chunks.push(chunk.subarray(0, Math.max(0, room)));
        size += chunk.byteLength;
        if (size >= WEBHOOK_MAX_RESPONSE_BYTES) {
          done(size > WEBHOOK_MAX_RESPONSE_BYTES);
          res.destroy();
          req.destroy();
        }
      });
      res.on('end', () => done(false));
      res.on('error', (err) =>
        finish({ ok: false, status: res.statusCode ?? null, excerpt: null, error: errorText(err) }),
      );
    });
    req.end(body);
  });
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}
