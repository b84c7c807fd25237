import { and, eq, getTableColumns, isNull, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TProposalSummary } from '@draftwell/shared/workspace/proposals';
import type { TDb } from '../../db/client';
import { proposals, sessions, users } from '../../db/schema';
import type { TActor, TSignedIn } from '../../http/require-user';
import { sessionFields, type TSessionCredential } from '../../http/session-lookup';
import { sha256Hex } from '../../lib/sha256';
import { isUuid } from '../../lib/sql-text';

/**
 * The proposals module's query layer (issue 26): the statements of the two requests an open editor
 * makes most, reading and autosaving its proposal (P2, P4), with what makes them fast: each is
 * built once per database handle and prepared (named) on the server; when the request's cookie
 * allows it, the statement joins the session by its token, so the session check is in the same
 * statement (`requireUserInStatement`); and the document travels as PostgreSQL's JSON text, never
 * parsed and serialized again (`proposalJson`). proposals.service.ts says what a read and a save
 * mean (`readProposal`, `saveProposal`); this file says how they reach the database, through
 * `readOwned` and `saveOwned`.
 */

/** The proposal's columns but its document: the list leaves it out, the signed-in read and save take it as text. */
export const { document: _document, ...summaryColumns } = getTableColumns(proposals);

/**
 * A proposal's JSON answer from its summary and its document's JSON text as PostgreSQL wrote it
 * (`document::text`): the same value as `JSON.stringify(proposal)` (jsonb's text puts a space
 * after each colon and comma, which JSON ignores), without parsing the document into objects on the
 * way out of the database and serializing it again on the way into the answer. The document is most
 * of a proposal's bytes (P2; docs/architecture.md).
 */
export function proposalJson(summary: TProposalSummary, documentText: string): string {
  return `${JSON.stringify(summary).slice(0, -1)},"document":${documentText}}`;
}

/** A proposal as the read and the save answer it: its columns but the document, and the document's JSON text. */
export type TOwnedProposal = { row: TSummaryRow; documentText: string };
export type TSummaryRow = Omit<typeof proposals.$inferSelect, 'document'>;

/** A user already known (an API key's, another module's) as the owner a read or save is for. */
export function knownOwner(actor: TActor): TSignedIn {
  return { credential: undefined, accept: () => undefined, actor: () => Promise.resolve(actor) };
}

/**
 * The owner's live proposal by id, with the user it was read for: in one statement with the
 * session check when the request's cookie allows it, else once the session is settled (a known
 * user's is at once). `found` is undefined when there is no such proposal of theirs (or the id is
 * not one).
 */
export async function readOwned(
  db: TDb,
  owner: TSignedIn,
  id: string,
): Promise<{ actor: TActor; found: TOwnedProposal | undefined }> {
  if (owner.credential && isUuid(id)) {
    const row = await readOwnedProposalInSession(db, { ...owner.credential, id });
    const actor = owner.accept(row?.session);
    if (actor) {
      const found =
        row?.proposal && row.documentText !== null ? { row: row.proposal, documentText: row.documentText } : undefined;
      return { actor, found };
    }
  }
  const actor = await owner.actor();
  if (!isUuid(id)) return { actor, found: undefined };
  const row = await readOwnedProposal(db, { id, ownerId: actor.id });
  return { actor, found: row && { row: row.proposal, documentText: row.documentText } };
}

/**
 * A save (`set`, on `target`'s version or save key) for the owner, with the user it was made for:
 * in one statement with the session check when the request's cookie allows it, else once the
 * session is settled. `saved` is undefined when no row matched (none of theirs, locked, or a
 * newer version): the caller reads the row to say why.
 */
export async function saveOwned(
  db: TDb,
  owner: TSignedIn,
  set: TProposalSet,
  target: TSaveTarget,
): Promise<{ actor: TActor; saved: TOwnedProposal | undefined }> {
  if (owner.credential && isUuid(target.id)) {
    const [row] = await saveDraftSignedIn(db, set, { ...target, ...owner.credential });
    const actor = owner.accept(row?.session);
    if (actor) {
      // The document is read back only when the save did not send one (signedInDraftUpdate).
      const saved = row?.saved && { row: row.saved, documentText: row.documentText ?? JSON.stringify(set.document) };
      return { actor, saved: saved || undefined };
    }
  }
  const actor = await owner.actor();
  if (!isUuid(target.id)) return { actor, saved: undefined };
  const [row] = await saveDraft(db, set, { ...target, ownerId: actor.id });
  if (!row) return { actor, saved: undefined };
  const { document, ...summary } = row;
  return { actor, saved: { row: summary, documentText: JSON.stringify(document) } };
}

/** The one-proposal read, built once per database handle and prepared (named) on the server (P2). */
const getQueries = new WeakMap<TDb, ReturnType<typeof prepareGet>>();
function prepareGet(db: TDb) {
  return db
    .select({ proposal: summaryColumns, documentText: sql<string>`${proposals.document}::text` })
    .from(proposals)
    .where(
      and(
        eq(proposals.id, sql.placeholder('id')),
        eq(proposals.ownerId, sql.placeholder('ownerId')),
        isNull(proposals.deletedAt),
      ),
    )
    .prepare('draftwell_get_proposal_text');
}

/** The owner's live proposal by id (its summary, and its document as text), or undefined. */
async function readOwnedProposal(db: TDb, key: { id: string; ownerId: string }) {
  let query = getQueries.get(db);
  if (!query) {
    query = prepareGet(db);
    getQueries.set(db, query);
  }
  const [row] = await query.execute(key);
  return row;
}

/**
 * The same read joined to the session by the cookie's token (P2): one row with the session's
 * user, and the proposal when that user owns it, its document as JSON text. Prepared like the
 * plain read.
 */
const signedInGetQueries = new WeakMap<TDb, ReturnType<typeof prepareSignedInGet>>();
function prepareSignedInGet(db: TDb) {
  return db
    .select({
      session: sessionFields,
      proposal: summaryColumns,
      documentText: sql<string | null>`${proposals.document}::text`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      proposals,
      and(eq(proposals.id, sql.placeholder('id')), eq(proposals.ownerId, sessions.userId), isNull(proposals.deletedAt)),
    )
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('draftwell_get_proposal_signed_in_text');
}

/**
 * The session's row by the cookie's token, and the proposal (summary and document text) when the
 * session's user owns it; undefined when no session has that token.
 */
async function readOwnedProposalInSession(db: TDb, key: TSessionCredential & { id: string }) {
  let query = signedInGetQueries.get(db);
  if (!query) {
    query = prepareSignedInGet(db);
    signedInGetQueries.set(db, query);
  }
  const [row] = await query.execute(key);
  return row;
}

export type TProposalSet = Partial<typeof proposals.$inferInsert>;

/**
 * The save applies on the version it was made on, or on top of the same editor session's own
 * earlier save (a higher number from the writer of the last save): then every version since the
 * one it was made on is that session's, one whose answer was lost, and nobody else's work is
 * overwritten. A save of no session (`writer` null) matches the version only.
 */
const saveKeySet = { saveWriter: sql`${sql.placeholder('writer')}`, saveSeq: sql`${sql.placeholder('seq')}` };

/** `owner`: the owner's id (a placeholder), or the session's user in the statement joined to it. */
function draftUpdate(db: TDb, set: TProposalSet, owner: SQL | Placeholder = sql.placeholder('ownerId')) {
  return db
    .update(proposals)
    .set({ ...set, ...saveKeySet, version: sql`${proposals.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(proposals.id, sql.placeholder('id')),
        eq(proposals.ownerId, owner),
        or(
          eq(proposals.version, sql.placeholder('version')),
          and(eq(proposals.saveWriter, sql.placeholder('writer')), lt(proposals.saveSeq, sql.placeholder('seq'))),
        ),
        ne(proposals.status, 'accepted'),
        isNull(proposals.deletedAt),
      ),
    )
    .returning();
}

/**
 * The same save joined to the session by the cookie's token (P4): the row is written only when
 * the session is live, needs no renewal and its user owns the proposal (the owner in the WHERE is
 * that user, or nobody), and the statement answers the session's row either way, with the saved
 * proposal when there is one. A session that is not fresh thus writes nothing and better-auth
 * decides after (`requireUserInStatement`).
 */
function signedInDraftUpdate(db: TDb, set: TProposalSet) {
  const session = db.$with('session').as(
    db
      .select(sessionFields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, sql.placeholder('token'))),
  );
  const saved = db
    .$with('saved')
    .as(draftUpdate(db, set, sql`(select ${session.id} from ${session} where ${session.fresh})`));
  const savedSummary = Object.fromEntries(
    Object.keys(summaryColumns).map((name) => [name, saved[name as keyof typeof summaryColumns]]),
  ) as { [K in keyof typeof summaryColumns]: (typeof saved)[K] };
  return db
    .with(session, saved)
    .select({
      session: {
        id: session.id,
        email: session.email,
        name: session.name,
        emailVerified: session.emailVerified,
        fresh: session.fresh,
      },
      saved: savedSummary,
      // The saved document is the one this save sent, which the caller has: it is read back only
      // when the save did not send one (see proposalJson).
      documentText:
        set.document === undefined ? sql<string | null>`${saved.document}::text` : sql<string | null>`null::text`,
    })
    .from(session)
    .leftJoin(saved, sql`true`);
}

/**
 * The fields of a save as placeholders, and its shape (the sorted field names): autosave sends
 * the same fields again and again, so each shape's statement is built once per database handle
 * and prepared (named) on the server (P4). Undefined when a value is null: that takes the
 * unprepared path, since a placeholder would pass it to the column's encoder (JSONB would store
 * the JSON value null instead of SQL NULL).
 */
function saveShape(set: TProposalSet): { shape: string; placeholders: TProposalSet } | undefined {
  const entries = Object.entries(set) as Array<[keyof TProposalSet, unknown]>;
  if (entries.some(([, value]) => value === null || value === undefined)) return undefined;
  const fields = entries.map(([name]) => name).sort();
  return {
    shape: fields.join(','),
    placeholders: Object.fromEntries(fields.map((name) => [name, sql.placeholder(name)])) as TProposalSet,
  };
}

/** One prepared statement per database handle and key (kind and shape). */
function preparedFor<Q>(cache: WeakMap<TDb, Map<string, Q>>, db: TDb, key: string, prepare: () => Q): Q {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  let query = byKey.get(key);
  if (!query) {
    query = prepare();
    byKey.set(key, query);
  }
  return query;
}

// The names are the shapes': every handle (and pooled connection) gets the same text under them.
const statementName = (kind: string, shape: string) => `draftwell_${kind}_${sha256Hex(shape).slice(0, 16)}`;

export type TSaveTarget = { id: string; version: number; writer: string | null; seq: number | null };

const saveQueries = new WeakMap<TDb, Map<string, ReturnType<ReturnType<typeof draftUpdate>['prepare']>>>();
async function saveDraft(db: TDb, set: TProposalSet, key: TSaveTarget & { ownerId: string }) {
  const shape = saveShape(set);
  if (!shape) return draftUpdate(db, set).execute(key);
  const query = preparedFor(saveQueries, db, shape.shape, () =>
    draftUpdate(db, shape.placeholders).prepare(statementName('save_draft', shape.shape)),
  );
  return query.execute({ ...set, ...key });
}

const signedInSaveQueries = new WeakMap<
  TDb,
  Map<string, ReturnType<ReturnType<typeof signedInDraftUpdate>['prepare']>>
>();
async function saveDraftSignedIn(db: TDb, set: TProposalSet, key: TSaveTarget & TSessionCredential) {
  const shape = saveShape(set);
  if (!shape) return signedInDraftUpdate(db, set).execute(key);
  const query = preparedFor(signedInSaveQueries, db, shape.shape, () =>
    signedInDraftUpdate(db, shape.placeholders).prepare(statementName('save_draft_signed_in', shape.shape)),
  );
  return query.execute({ ...set, ...key });
}
