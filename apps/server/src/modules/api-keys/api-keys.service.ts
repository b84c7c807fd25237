import { randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  MAX_API_KEY_DAYS,
  MAX_API_KEYS,
  type TApiKey,
  type TApiKeyScope,
  type TCreatedApiKey,
} from '@draftwell/shared/developers/api-keys';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/sha256';
import { isUuid } from '../../lib/sql-text';

type TArgs = { db: TDb; actor: TActor };
type TRow = typeof apiKeys.$inferSelect;

const notFound = () => new AppError('not_found', 'That API key does not exist.');

function toApiKey(row: TRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    preview: row.preview,
    scopes: row.scopes as TApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    expiresOn: row.expiresOn,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The owner's keys, newest first, revoked ones included (they say when). */
export async function listApiKeys({ db, actor }: TArgs): Promise<TApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.ownerId, actor.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** Makes a key; the key itself is in this answer only. */
export async function createApiKey({
  db,
  actor,
  input,
}: TArgs & { input: { name: string; scopes: TApiKeyScope[]; expiresOn: string | null } }): Promise<TCreatedApiKey> {
  const today = utcToday();
  if (input.expiresOn !== null && input.expiresOn < today) {
    throw new AppError('invalid', 'Choose an expiry date from today on.', {
      fields: { expiresOn: 'Choose an expiry date from today on.' },
    });
  }
  const latest = addDays(today, MAX_API_KEY_DAYS);
  if (input.expiresOn !== null && input.expiresOn > latest) {
    throw new AppError('invalid', `Choose an expiry date at most ${MAX_API_KEY_DAYS} days ahead (${latest}).`, {
      fields: { expiresOn: `Choose a date up to ${latest}.` },
    });
  }
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    // One key at a time per owner, so two tabs cannot both take the last place.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.ownerId, actor.id), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= MAX_API_KEYS) {
      throw new AppError(
        'conflict',
        `You have ${MAX_API_KEYS} API keys, the most an account may hold. Revoke one you no longer use first.`,
      );
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        ownerId: actor.id,
        name: input.name,
        tokenHash: sha256Hex(key),
        preview: `${key.slice(0, API_KEY_PREFIX.length + 6)}…`,
        scopes: input.scopes,
        expiresOn: input.expiresOn,
      })
      .returning();
    return { key, apiKey: toApiKey(row!) };
  });
}

/** Revokes one of the owner's keys at once; revoking again changes nothing. */
export async function revokeApiKey({ db, actor, id }: TArgs & { id: string }): Promise<TApiKey> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.ownerId, actor.id)))
    .returning();
  if (!row) throw notFound();
  return toApiKey(row);
}

export type TApiKeyUse = { actor: TActor; keyId: string; scopes: TApiKeyScope[] };

const HOW = 'Send your API key in the Authorization header: "Authorization: Bearer dw_…".';

/**
 * The key a request's `Authorization: Bearer` names, with its owner: a 401 saying why when it is
 * missing, malformed, unknown, revoked or expired. Notes the time of use (once a minute at most).
 */
export async function keyOfRequest(db: TDb, authorization: string | undefined): Promise<TApiKeyUse> {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  if (!match) throw new AppError('unauthenticated', `No API key. ${HOW}`);
  const key = match[1]!;
  if (!API_KEY_PATTERN.test(key)) {
    throw new AppError('unauthenticated', `That is not a Draftwell API key (they start with "dw_"). ${HOW}`);
  }
  const [found] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresOn: apiKeys.expiresOn,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      user: { id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(eq(apiKeys.tokenHash, sha256Hex(key)));
  if (!found) throw new AppError('unauthenticated', 'This API key is not known: it may have been deleted.');
  if (found.revokedAt) {
    throw new AppError('unauthenticated', `This API key was revoked on ${found.revokedAt.toISOString().slice(0, 10)}.`);
  }
  if (found.expiresOn !== null && found.expiresOn < utcToday()) {
    throw new AppError('unauthenticated', `This API key expired after ${found.expiresOn}. Make a new one.`);
  }
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, found.id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
        ),
      );
  }
  return { actor: found.user, keyId: found.id, scopes: found.scopes as TApiKeyScope[] };
}
