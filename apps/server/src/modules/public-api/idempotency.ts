import { and, eq, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { apiIdempotencyKeys } from '../../db/schema';
import type { TApiEnv } from './require-api-key';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/sha256';

/** How long a key's answer is kept and replayed (README, "Idempotency"). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A first request still "in flight" after this long died with its process: its key may be used again. */
export const IDEMPOTENCY_ABANDONED_SECONDS = 120;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** Printable ASCII, at most 255 characters: a UUID is the usual choice. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on a POST (decision 0022). Per API key: the first request with a key claims
 * it (one insert, so two at once cannot both run); its answer (any but a 5xx or a 429) is stored
 * and replayed for 24 hours to a request with the same key and the same method, path and body,
 * with `Idempotent-Replayed: true`. The same key with another request is a 422; while the first
 * is still running, a 409. Without the header a POST runs as usual.
 */
export const idempotency: MiddlewareHandler<TApiEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('invalid', 'Use 1 to 255 printable ASCII characters (a UUID, say) as the Idempotency-Key.', {
      fields: { [IDEMPOTENCY_HEADER]: 'Use 1 to 255 printable ASCII characters.' },
    });
  }
  const db = c.var.deps.database.db;
  const apiKeyId = c.var.apiKey.keyId;
  const requestHash = sha256Hex(`${c.req.method} ${c.req.path}\n${await c.req.text()}`);
  const t = apiIdempotencyKeys;
  // Cleaning up on write: every expired key of every API key (an index on expires_at).
  await db.delete(t).where(lt(t.expiresAt, sql`now()`));
  const [claimed] = await db
    .insert(t)
    .values({ apiKeyId, key, requestHash, expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})` })
    .onConflictDoUpdate({
      target: [t.apiKeyId, t.key],
      set: {
        requestHash,
        status: null,
        contentType: null,
        body: null,
        createdAt: sql`now()`,
        expiresAt: sql`excluded.expires_at`,
      },
      // An expired row (between two clean-ups), or one whose request died with its process.
      setWhere: sql`${t.expiresAt} < now() or (${t.status} is null and ${t.createdAt} < now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS}))`,
    })
    .returning({ key: t.key });
  if (!claimed) {
    const [stored] = await db
      .select()
      .from(t)
      .where(and(eq(t.apiKeyId, apiKeyId), eq(t.key, key)));
    if (!stored)
      throw new AppError('conflict', 'A request with this Idempotency-Key is still running. Try again in a moment.');
    if (stored.status === null) {
      throw new AppError('conflict', 'A request with this Idempotency-Key is still running. Try again in a moment.');
    }
    if (stored.requestHash !== requestHash) {
      throw new AppError(
        'unprocessable',
        'This Idempotency-Key was used with another request (method, path or body) in the last 24 hours. Use a new key for a new request.',
      );
    }
    c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (stored.contentType) c.header('content-type', stored.contentType);
    return c.body(stored.body ?? '', stored.status as 200);
  }
  let stored = false;
  try {
    await next();
    const res = c.res;
    if (res.status < 500 && res.status !== 429) {
      await db
        .update(t)
        .set({ status: res.status, contentType: res.headers.get('content-type'), body: await res.clone().text() })
        .where(and(eq(t.apiKeyId, apiKeyId), eq(t.key, key)));
      stored = true;
    }
  } finally {
    // A failure on our side (or an answer not kept): the key is free again for a retry.
    if (!stored) await db.delete(t).where(and(eq(t.apiKeyId, apiKeyId), eq(t.key, key)));
  }
};
