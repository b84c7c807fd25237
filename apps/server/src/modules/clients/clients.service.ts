import { languageOf } from '@draftwell/shared/i18n/languages';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TClient, TClientPatch } from '@draftwell/shared/workspace/clients';
import type { TSignerContact } from '@draftwell/shared/share/signing';
import type { TListQuery } from '@draftwell/shared/workspace/common';
import type { TDb } from '../../db/client';
import { clients } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { containsPattern, isUuid } from '../../lib/sql-text';
import { decodeCursor, encodeCursor, type TPage } from '../../lib/cursor';

type TClientRow = typeof clients.$inferSelect;
type TClientValues = Omit<TClient, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'signers'>;

function toClient(row: TClientRow): TClient {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    language: row.language === null ? null : languageOf(row.language),
    signers: row.signers as TSignerContact[],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('not_found', 'That client does not exist, or it is not yours.');
}

/** The signed-in user's clients by name, `q` matching name, company or email. */
export async function listClients(args: { db: TDb; actor: TActor; query: TListQuery }): Promise<TPage<TClient>> {
  const { db, actor, query } = args;
  const cursor = decodeCursor(query.cursor);
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const rows = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.ownerId, actor.id),
        pattern
          ? or(ilike(clients.name, pattern), ilike(clients.company, pattern), ilike(clients.email, pattern))
          : undefined,
        cursor ? sql`(${clients.name}, ${clients.id}) > (${cursor.k}, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toClient),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ k: last.name, id: last.id }) : null,
  };
}

export async function getClient(args: { db: TDb; actor: TActor; id: string }): Promise<TClient> {
  const { db, actor, id } = args;
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.ownerId, actor.id)));
  if (!row) throw notFound();
  return toClient(row);
}

export async function createClient(args: { db: TDb; actor: TActor; input: TClientValues }): Promise<TClient> {
  const { db, actor, input } = args;
  const [row] = await db
    .insert(clients)
    .values({ ...input, ownerId: actor.id })
    .returning();
  if (!row) throw new Error('client insert returned no row');
  return toClient(row);
}

/**
 * Applies `patch` only if the client is still at `patch.version`; otherwise a 409 carrying the
 * client as it is now.
 */
export async function updateClient(args: {
  db: TDb;
  actor: TActor;
  id: string;
  patch: TClientPatch;
}): Promise<TClient> {
  const { db, actor, id, patch } = args;
  if (!isUuid(id)) throw notFound();
  const { version, ...fields } = patch;
  const [row] = await db
    .update(clients)
    .set({ ...fields, version: sql`${clients.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(clients.id, id), eq(clients.ownerId, actor.id), eq(clients.version, version)))
    .returning();
  if (row) return toClient(row);
  throw new AppError(
    'conflict',
    'This client was changed elsewhere since you opened it. Review the current details and try again.',
    { current: await getClient({ db, actor, id }) },
  );
}

export async function deleteClient(args: { db: TDb; actor: TActor; id: string }): Promise<void> {
  const { db, actor, id } = args;
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(clients)
    .where(and(eq(clients.id, id), eq(clients.ownerId, actor.id)))
    .returning({ id: clients.id });
  if (deleted.length === 0) throw notFound();
}
