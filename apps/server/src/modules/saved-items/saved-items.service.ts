import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { TSavedItem, TSavedItemPatch } from '@draftwell/shared/workspace/saved-items';
import type { TListQuery } from '@draftwell/shared/workspace/common';
import type { TDb } from '../../db/client';
import { savedItems } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { containsPattern, isUuid } from '../../lib/sql-text';
import { decodeCursor, encodeCursor, type TPage } from '../../lib/cursor';

type TSavedItemRow = typeof savedItems.$inferSelect;
type TSavedItemValues = Omit<TSavedItem, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

function toSavedItem(row: TSavedItemRow): TSavedItem {
  return {
    id: row.id,
    description: row.description,
    unit: row.unit,
    unitPrice: row.unitPrice,
    currency: row.currency,
    taxRate: row.taxRate,
    billing: row.billing as TSavedItem['billing'],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('not_found', 'That saved item does not exist, or it is not yours.');
}

/** The signed-in user's saved items by description, `q` matching the description. */
export async function listSavedItems(args: { db: TDb; actor: TActor; query: TListQuery }): Promise<TPage<TSavedItem>> {
  const { db, actor, query } = args;
  const cursor = decodeCursor(query.cursor);
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const rows = await db
    .select()
    .from(savedItems)
    .where(
      and(
        eq(savedItems.ownerId, actor.id),
        pattern ? ilike(savedItems.description, pattern) : undefined,
        cursor ? sql`(${savedItems.description}, ${savedItems.id}) > (${cursor.k}, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(savedItems.description), asc(savedItems.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSavedItem),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ k: last.description, id: last.id }) : null,
  };
}

export async function getSavedItem(args: { db: TDb; actor: TActor; id: string }): Promise<TSavedItem> {
  const { db, actor, id } = args;
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(savedItems)
    .where(and(eq(savedItems.id, id), eq(savedItems.ownerId, actor.id)));
  if (!row) throw notFound();
  return toSavedItem(row);
}

export async function createSavedItem(args: { db: TDb; actor: TActor; input: TSavedItemValues }): Promise<TSavedItem> {
  const { db, actor, input } = args;
  const [row] = await db
    .insert(savedItems)
    .values({ ...input, ownerId: actor.id })
    .returning();
  if (!row) throw new Error('saved item insert returned no row');
  return toSavedItem(row);
}

/**
 * Applies `patch` only if the item is still at `patch.version`; otherwise a 409 carrying the item
 * as it is now.
 */
export async function updateSavedItem(args: {
  db: TDb;
  actor: TActor;
  id: string;
  patch: TSavedItemPatch;
}): Promise<TSavedItem> {
  const { db, actor, id, patch } = args;
  if (!isUuid(id)) throw notFound();
  const { version, ...fields } = patch;
  const [row] = await db
    .update(savedItems)
    .set({ ...fields, version: sql`${savedItems.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(savedItems.id, id), eq(savedItems.ownerId, actor.id), eq(savedItems.version, version)))
    .returning();
  if (row) return toSavedItem(row);
  throw new AppError(
    'conflict',
    'This saved item was changed elsewhere since you opened it. Review the current details and try again.',
    { current: await getSavedItem({ db, actor, id }) },
  );
}

export async function deleteSavedItem(args: { db: TDb; actor: TActor; id: string }): Promise<void> {
  const { db, actor, id } = args;
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(savedItems)
    .where(and(eq(savedItems.id, id), eq(savedItems.ownerId, actor.id)))
    .returning({ id: savedItems.id });
  if (deleted.length === 0) throw notFound();
}
