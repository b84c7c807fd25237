import type { TBlockType, TDocument } from '@draftwell/shared/document';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import { starterSections } from '@draftwell/shared/templates/starter-sections';
import { hasLoneSurrogate } from '@draftwell/shared/text';
import {
  describeSectionContent,
  type TSavedSection,
  type TSavedSectionCategories,
  type TSavedSectionExamples,
  type TSavedSectionListQuery,
  type TSavedSectionPatch,
  type TSavedSectionSummary,
  type TSavedSectionValues,
} from '@draftwell/shared/workspace/saved-sections';
import { and, asc, count, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { savedSections } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { contentI18n, serverI18n } from '../../lib/i18n';
import { decodeCursor, encodeCursor, type TPage } from '../../lib/cursor';
import { containsPattern, isUuid } from '../../lib/sql-text';

type TRow = typeof savedSections.$inferSelect;

const notFound = () => new AppError('not_found', 'That saved section does not exist, or it is not yours.');

function toSummary(row: Omit<TRow, 'content' | 'ownerId' | 'starterKey'>): TSavedSectionSummary {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    preview: row.preview,
    blockTypes: row.blockTypes as TBlockType[],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSection(row: TRow): TSavedSection {
  return { ...toSummary(row), content: row.content as TDocument };
}

/** The derived columns of a content: written with it, so lists never read the content. */
/** The list's preview, in the owner's language (its variables' and blocks' names). */
const derived = (content: TDocument, language: TLanguage) => describeSectionContent(serverI18n(language), content);

// The list is ordered by category, then name, then id: the cursor carries the first two.
function encodeListCursor(row: { category: string; name: string; id: string }): string {
  return encodeCursor({ k: JSON.stringify([row.category, row.name]), id: row.id });
}

function decodeListCursor(raw: string | undefined): { category: string; name: string; id: string } | undefined {
  const cursor = decodeCursor(raw);
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(cursor.k);
  } catch {
    key = null;
  }
  const text = (v: unknown): v is string => typeof v === 'string' && !v.includes('\0') && !hasLoneSurrogate(v);
  if (!Array.isArray(key) || key.length !== 2 || !text(key[0]) || !text(key[1])) {
    throw new AppError('invalid', 'That page cursor is not valid. Start again from the first page.', {
      fields: { cursor: 'Not a cursor this server gave out.' },
    });
  }
  return { category: key[0], name: key[1], id: cursor.id };
}

/** The signed-in user's sections by category then name; `q` matches the name or the category. */
export async function listSavedSections(args: {
  db: TDb;
  actor: TActor;
  query: TSavedSectionListQuery;
}): Promise<TPage<TSavedSectionSummary>> {
  const { db, actor, query } = args;
  const cursor = decodeListCursor(query.cursor);
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const { content: _content, ownerId: _owner, starterKey: _starter, ...columns } = getTableColumns(savedSections);
  const rows = await db
    .select(columns)
    .from(savedSections)
    .where(
      and(
        eq(savedSections.ownerId, actor.id),
        pattern ? or(ilike(savedSections.name, pattern), ilike(savedSections.category, pattern)) : undefined,
        cursor
          ? sql`(${savedSections.category}, ${savedSections.name}, ${savedSections.id}) > (${cursor.category}, ${cursor.name}, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(savedSections.category), asc(savedSections.name), asc(savedSections.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > query.limit && last ? encodeListCursor(last) : null,
  };
}

/** The categories the user has filed sections under, to offer when saving one. */
export async function listSectionCategories(args: { db: TDb; actor: TActor }): Promise<TSavedSectionCategories> {
  const { db, actor } = args;
  const rows = await db
    .select({ name: savedSections.category, sections: count() })
    .from(savedSections)
    .where(eq(savedSections.ownerId, actor.id))
    .groupBy(savedSections.category)
    .orderBy(asc(savedSections.category))
    .limit(500);
  return { categories: rows };
}

export async function getSavedSection(args: { db: TDb; actor: TActor; id: string }): Promise<TSavedSection> {
  const { db, actor, id } = args;
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(savedSections)
    .where(and(eq(savedSections.id, id), eq(savedSections.ownerId, actor.id)));
  if (!row) throw notFound();
  return toSection(row);
}

/** A new section in the user's library. Sections count against no plan limit. */
export async function createSavedSection(args: {
  db: TDb;
  actor: TActor;
  input: TSavedSectionValues;
  /** The owner's app language, which the preview is written in. */
  language: TLanguage;
}): Promise<TSavedSection> {
  const { db, actor, input } = args;
  const [row] = await db
    .insert(savedSections)
    .values({ ...input, ...derived(input.content, args.language), ownerId: actor.id })
    .returning();
  if (!row) throw new Error('saved section insert returned no row');
  return toSection(row);
}

/**
 * Applies `patch` only if the section is still at `patch.version`; otherwise a 409 carrying the
 * section as it is now.
 */
export async function updateSavedSection(args: {
  db: TDb;
  actor: TActor;
  id: string;
  patch: TSavedSectionPatch;
  /** The owner's app language, which the preview is written in. */
  language: TLanguage;
}): Promise<TSavedSection> {
  const { db, actor, id, patch } = args;
  if (!isUuid(id)) throw notFound();
  const { version, ...fields } = patch;
  const [row] = await db
    .update(savedSections)
    .set({
      ...fields,
      ...(fields.content ? derived(fields.content, args.language) : {}),
      version: sql`${savedSections.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(savedSections.id, id), eq(savedSections.ownerId, actor.id), eq(savedSections.version, version)))
    .returning();
  if (row) return toSection(row);
  throw new AppError(
    'conflict',
    'This section was changed elsewhere since you opened it. Review the current version and try again.',
    { current: await getSavedSection({ db, actor, id }) },
  );
}

export async function deleteSavedSection(args: { db: TDb; actor: TActor; id: string }): Promise<void> {
  const { db, actor, id } = args;
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(savedSections)
    .where(and(eq(savedSections.id, id), eq(savedSections.ownerId, actor.id)))
    .returning({ id: savedSections.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * Copies the example sections (starterSections) the account does not hold yet into its library,
 * written in `language` (the owner's app language: the app's six, English for any other): once at
 * sign-up, and again when the user asks. Idempotent: an example already there, edited or not, in
 * whatever language, is kept as it is (the unique owner and key), so repeating this, or two at
 * once, adds each example once.
 */
export async function addExampleSections(args: {
  db: TDb;
  userId: string;
  language: TLanguage;
}): Promise<TSavedSectionExamples> {
  const { db, userId } = args;
  const examples = starterSections(contentI18n(args.language));
  const added = await db
    .insert(savedSections)
    .values(
      examples.map((starter) => ({
        ownerId: userId,
        name: starter.name,
        category: starter.category,
        content: starter.content,
        ...derived(starter.content, args.language),
        starterKey: starter.key,
      })),
    )
    .onConflictDoNothing({ target: [savedSections.ownerId, savedSections.starterKey] })
    .returning({ id: savedSections.id });
  return { added: added.length, examples: examples.length };
}
