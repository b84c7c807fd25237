import { languageOf, supportedLanguage, type TLanguage } from '@draftwell/shared/i18n/languages';
import {
  PricingError,
  documentTotals,
  emptyDocument,
  type TAwaitingSigner,
  type TDocument,
  type TPricingTotals,
} from '@draftwell/shared';
import { cutText } from '@draftwell/shared/text';
import {
  PROPOSAL_TITLE_MAX,
  type TProposal,
  type TProposalClient,
  type TProposalCreate,
  type TAcceptedTotals,
  type TProposalListItem,
  type TProposalListQuery,
  type TProposalPatch,
  type TProposalStatus,
  type TProposalSummary,
} from '@draftwell/shared/workspace/proposals';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  knownOwner,
  proposalJson,
  readOwned,
  saveOwned,
  summaryColumns,
  type TOwnedProposal,
  type TProposalSet,
  type TSaveTarget,
} from './proposal-queries';
import { businessProfiles, clients, proposalCounters, proposals } from '../../db/schema';
import type { THttpDeps } from '../../http/context';
import type { TActor, TSignedIn } from '../../http/require-user';
import { expireIfDue, isDue } from './expiry';
import { restorableSince } from './deleted';
import { signingSettings } from '../signers/signers';
import { AppError } from '../../lib/app-error';
import { containsPattern, isUuid } from '../../lib/sql-text';
import { decodeTimeCursor, encodeCursor, type TPage } from '../../lib/cursor';

const DEFAULT_CURRENCY = 'USD';
const DEFAULT_VALIDITY_DAYS = 30;
const UNTITLED = 'Untitled proposal';

type TRow = typeof proposals.$inferSelect;

export const notFound = () => new AppError('not_found', 'That proposal does not exist, or it is not yours.');

const emptyClient = (): TProposalClient => ({ name: '', company: '', email: '', phone: '', address: '' });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(row: Omit<TRow, 'document'>): TProposalSummary {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    clientId: row.clientId,
    client: row.client as TProposalClient,
    currency: row.currency,
    language: languageOf(row.language),
    validUntil: row.validUntil,
    status: row.status as TProposalStatus,
    totals: row.totals as TPricingTotals,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    acceptedAt: iso(row.acceptedAt),
    declinedAt: iso(row.declinedAt),
    expiredAt: iso(row.expiredAt),
    signing: signingSettings(row.signing),
    awaiting: row.awaiting as TAwaitingSigner[],
  };
}

export function toProposal(row: TRow): TProposal {
  return { ...toSummary(row), document: row.document as TDocument };
}

function computeTotals(document: TDocument): TPricingTotals {
  try {
    return documentTotals(document);
  } catch (err) {
    if (err instanceof PricingError) {
      throw new AppError('invalid', err.message, { fields: { document: err.message } });
    }
    throw err;
  }
}

/** The day `days` from now on the server's clock, as yyyy-mm-dd (UTC). */
function dateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function readDefaults(db: TDb, ownerId: string) {
  const [profile] = await db
    .select({
      currency: businessProfiles.defaultCurrency,
      days: businessProfiles.defaultValidityDays,
      language: businessProfiles.defaultLanguage,
    })
    .from(businessProfiles)
    .where(eq(businessProfiles.ownerId, ownerId));
  return {
    currency: profile?.currency || DEFAULT_CURRENCY,
    validUntil: dateInDays(profile?.days ?? DEFAULT_VALIDITY_DAYS),
    language: languageOf(profile?.language),
  };
}

/** A saved client's details as a proposal keeps them, and the language the client reads (null: not set). */
async function snapshotClient(
  db: TDb,
  ownerId: string,
  clientId: string,
): Promise<{ details: TProposalClient; language: TLanguage | null }> {
  const [row] = await db
    .select({
      name: clients.name,
      company: clients.company,
      email: clients.email,
      phone: clients.phone,
      address: clients.address,
      language: clients.language,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerId, ownerId)));
  if (!row) {
    throw new AppError('not_found', 'That client does not exist, or it is not yours.', {
      fields: { clientId: 'Pick one of your saved clients.' },
    });
  }
  const { language, ...details } = row;
  return { details, language: supportedLanguage(language) };
}

/**
 * The language a new proposal takes, as createProposal decides it: the one asked for, else the
 * saved client's, else the profile's default. What writes its first words (a starter, the
 * drafter) asks first, to write them in it.
 */
export async function newProposalLanguage(
  db: TDb,
  ownerId: string,
  input: { language?: TLanguage | undefined; clientId?: string | undefined },
): Promise<TLanguage> {
  if (input.language) return input.language;
  const saved = input.clientId ? await snapshotClient(db, ownerId, input.clientId) : null;
  return saved?.language ?? (await readDefaults(db, ownerId)).language;
}

/**
 * The next number of the user's year. The upsert takes the counter row's lock until the
 * transaction ends, so concurrent creates queue, and a deleted proposal's number stays used
 * (only a draft the AI drafter could not finish gives it back: `discardUntouchedDraft`).
 */
async function nextNumber(db: TDb, ownerId: string): Promise<string> {
  const year = new Date().getUTCFullYear();
  const [counter] = await db
    .insert(proposalCounters)
    .values({ ownerId, year, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [proposalCounters.ownerId, proposalCounters.year],
      set: { lastSeq: sql`${proposalCounters.lastSeq} + 1` },
    })
    .returning({ lastSeq: proposalCounters.lastSeq });
  if (!counter) throw new Error('proposal counter upsert returned no row');
  return `P-${year}-${String(counter.lastSeq).padStart(4, '0')}`;
}

function parseId(id: string): string {
  if (!isUuid(id)) throw notFound();
  return id;
}

/** The actor's proposal by id; a deleted one (waiting for its purge) is not found any more. */
export const owned = (actor: TActor, id: string) =>
  and(eq(proposals.id, parseId(id)), eq(proposals.ownerId, actor.id), isNull(proposals.deletedAt));

/**
 * A new draft, numbered, filled from the business profile and (optionally) a saved client.
 * `document` (already validated, e.g. a template's) starts it with content instead of empty.
 */
export async function createProposal(args: {
  db: TDb;
  actor: TActor;
  input: TProposalCreate;
  document?: TDocument;
  /** What the public API may set at once (validated already): the client's details, currency, validity. */
  details?: { client?: TProposalClient; currency?: string; validUntil?: string | null };
}): Promise<TProposal> {
  const { db, actor, input, details = {} } = args;
  return db.transaction(async (tx) => {
    const defaults = await readDefaults(tx, actor.id);
    const saved = input.clientId ? await snapshotClient(tx, actor.id, input.clientId) : null;
    const client = details.client ?? saved?.details ?? emptyClient();
    const document = args.document ?? emptyDocument();
    const [row] = await tx
      .insert(proposals)
      .values({
        ownerId: actor.id,
        number: await nextNumber(tx, actor.id),
        title: input.title ?? UNTITLED,
        clientId: input.clientId ?? null,
        client,
        currency: details.currency ?? defaults.currency,
        // Asked for, else the saved client's, else the profile's default.
        language: input.language ?? saved?.language ?? defaults.language,
        validUntil: details.validUntil === undefined ? defaults.validUntil : details.validUntil,
        document,
        totals: computeTotals(document),
      })
      .returning();
    if (!row) throw new Error('proposal insert returned no row');
    return toProposal(row);
  });
}

/** updated_at to the microsecond: a JavaScript Date would cut it to milliseconds and skip rows. */
const updatedAtKey = sql<string>`to_char(${proposals.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * What an accepted proposal's client accepted (TAcceptedTotals), by its one acceptance (a unique
 * index); null for any other proposal. A subquery in the select list: it runs for the page's rows
 * only, after the index has found them, and leaves the list's plan as it is (P5). Its columns are
 * named by table: the list's own select names them bare.
 */
const acceptedTotals = sql<TAcceptedTotals | null>`case when "proposals"."status" = 'accepted' then (
  select jsonb_build_object('currency', coalesce(r.snapshot->>'currency', "proposals"."currency"), 'totals', a.totals)
  from acceptances a join proposal_revisions r on r.id = a.revision_id
  where a.proposal_id = "proposals"."id") end`;

/**
 * The public API's filter by accepted date (issue 24): ISO date-times, `after` inclusive and
 * `before` exclusive.
 */
export type TAcceptedRange = { acceptedAfter?: string; acceptedBefore?: string };

/**
 * The list's statement: the owner's live proposals, most recently changed first, from the
 * cursor on, one row more than the page to tell whether another page follows. It walks
 * `proposals_owner_updated_idx` (or `proposals_owner_status_idx` with a status) in order and
 * stops after the page, whatever the number of proposals (P5). Filtered by accepted date, it
 * reads the range from `proposals_owner_accepted_idx` and sorts only the proposals in it.
 * `accepted`: each accepted one's accepted totals too (the app's list shows them).
 */
export function proposalListSelect(
  db: TDb,
  ownerId: string,
  query: TProposalListQuery & TAcceptedRange,
  { accepted = false }: { accepted?: boolean } = {},
) {
  const cursor = decodeTimeCursor(query.cursor);
  const where: (SQL | undefined)[] = [eq(proposals.ownerId, ownerId), isNull(proposals.deletedAt)];
  if (query.status) where.push(eq(proposals.status, query.status));
  if (query.acceptedAfter) where.push(sql`${proposals.acceptedAt} >= ${query.acceptedAfter}::timestamptz`);
  if (query.acceptedBefore) where.push(sql`${proposals.acceptedAt} < ${query.acceptedBefore}::timestamptz`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      sql`(${proposals.title} ilike ${pattern} or ${proposals.number} ilike ${pattern} or ${proposals.client}->>'name' ilike ${pattern} or ${proposals.client}->>'company' ilike ${pattern})`,
    );
  }
  if (cursor) {
    where.push(sql`(${proposals.updatedAt}, ${proposals.id}) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`);
  }
  const { ownerId: _owner, deletedAt: _deleted, saveWriter: _writer, saveSeq: _seq, ...columns } = summaryColumns;
  return db
    .select({ ...columns, key: updatedAtKey, accepted: accepted ? acceptedTotals : sql<null>`null` })
    .from(proposals)
    .where(and(...where))
    .orderBy(desc(proposals.updatedAt), desc(proposals.id))
    .limit(query.limit + 1);
}

/** The user's proposals, most recently changed first, by keyset pages (the public API's list). */
export async function listProposals(args: {
  db: TDb;
  actor: TActor;
  query: TProposalListQuery & TAcceptedRange;
}): Promise<TPage<TProposalSummary>> {
  const page = await listProposalItems(args, { accepted: false });
  return { ...page, items: page.items.map(({ accepted: _accepted, ...summary }) => summary) };
}

/** The same pages for the app's list, each accepted proposal with what its client accepted. */
export async function listProposalItems(
  args: { db: TDb; actor: TActor; query: TProposalListQuery },
  { accepted = true }: { accepted?: boolean } = {},
): Promise<TPage<TProposalListItem>> {
  const { db, actor, query } = args;
  const rows = await proposalListSelect(db, actor.id, query, { accepted });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ key: _key, accepted: acceptedTotals, ...row }) => ({
      ...toSummary({ ...row, ownerId: actor.id, deletedAt: null, saveWriter: null, saveSeq: null }),
      accepted: acceptedTotals,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ k: last.key, id: last.id }) : null,
  };
}

/** A proposal as read or saved, with the user it was for: its summary, and its whole JSON answer (a `TProposal`). */
export type TProposalRead = { actor: TActor; summary: TProposalSummary; json: string };

const asRead = (actor: TActor, { row, documentText }: TOwnedProposal): TProposalRead => {
  const summary = toSummary(row);
  return { actor, summary, json: proposalJson(summary, documentText) };
};

const proposalOf = (read: TProposalRead) => JSON.parse(read.json) as TProposal;

/**
 * The read: the owner's live proposal by id, or 404. `owner` is the request's signed-in session
 * (the query layer checks it in the same statement when it can, P2) or a user already known
 * (`knownOwner`).
 */
export async function readProposal(args: { db: TDb; owner: TSignedIn; id: string }): Promise<TProposalRead> {
  const { actor, found } = await readOwned(args.db, args.owner, args.id);
  if (!found) throw notFound();
  return asRead(actor, found);
}

/** The read for a user already known, as an object: the public API's answer, and other modules'. */
export async function getProposal(args: { db: TDb; actor: TActor; id: string }): Promise<TProposal> {
  return proposalOf(await readProposal({ db: args.db, owner: knownOwner(args.actor), id: args.id }));
}

/**
 * The owner's read from the editor. One whose last day has passed is expired first, as any other
 * read of it does, rather than showing "sent" until the minute's sweep; the check is in memory.
 * Answers the proposal's JSON text.
 */
export async function readOwnProposal(args: {
  deps: Pick<THttpDeps, 'database' | 'realtime' | 'logger'>;
  signedIn: TSignedIn;
  id: string;
}): Promise<string> {
  const { deps, signedIn, id } = args;
  const db = deps.database.db;
  const read = await readProposal({ db, owner: signedIn, id });
  if (!isDue(read.summary)) return read.json;
  await expireIfDue({ db, realtime: deps.realtime, logger: deps.logger }, read.summary.id);
  return (await readProposal({ db, owner: knownOwner(read.actor), id })).json;
}

/** What a save writes besides its version and save key; a document brings its totals. */
function draftFields(patch: TProposalPatch): TProposalSet {
  const set: TProposalSet = {};
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.currency !== undefined) set.currency = patch.currency;
  if (patch.language !== undefined) set.language = patch.language;
  if (patch.validUntil !== undefined) set.validUntil = patch.validUntil;
  if (patch.clientId !== undefined) set.clientId = patch.clientId;
  if (patch.client !== undefined) set.client = patch.client;
  if (patch.document !== undefined) {
    set.document = patch.document;
    set.totals = computeTotals(patch.document);
  }
  return set;
}

const saveTarget = (id: string, patch: TProposalPatch): TSaveTarget => ({
  id,
  version: patch.version,
  writer: patch.saveKey?.writer ?? null,
  seq: patch.saveKey?.seq ?? null,
});

/**
 * The save: a draft's changes in one conditional statement (version and status in the WHERE), so
 * a stale save never overwrites a newer one (QUALITY R6); when nothing matched, the current row
 * says why. A sent proposal stays editable: its client keeps seeing the revision that was sent
 * until it is sent again; only an accepted one is locked. `owner` as for `readProposal` (P4): a
 * patch naming a saved client settles the session first, since the client must be the owner's.
 */
export async function saveProposal(args: {
  db: TDb;
  owner: TSignedIn;
  id: string;
  patch: TProposalPatch;
}): Promise<TProposalRead> {
  const { db, id, patch } = args;
  let { owner } = args;
  // Whoever asks is settled before any answer about the proposal (a 401 comes before this 404).
  if (!isUuid(id)) {
    await owner.actor();
    throw notFound();
  }
  let savedClient: TProposalClient | undefined;
  if (patch.clientId) {
    const actor = await owner.actor();
    // Checked even when the details come with it: a proposal may only point at its owner's client.
    savedClient = (await snapshotClient(db, actor.id, patch.clientId)).details;
    owner = knownOwner(actor);
  }
  const set = draftFields(patch);
  if (savedClient && patch.client === undefined) set.client = savedClient;
  const { actor, saved } = await saveOwned(db, owner, set, saveTarget(id, patch));
  if (saved) return asRead(actor, saved);
  const current = await unsaved(db, actor, id, patch);
  return { actor, summary: current, json: JSON.stringify(current) };
}

/** The save for a user already known, as an object: the public API's, and the drafter's. */
export async function updateProposal(args: {
  db: TDb;
  actor: TActor;
  id: string;
  patch: TProposalPatch;
}): Promise<TProposal> {
  const { db, actor, id, patch } = args;
  return proposalOf(await saveProposal({ db, owner: knownOwner(actor), id, patch }));
}

/** A save that matched no row: the current row says why (404, 423, an applied retry, or 409). */
async function unsaved(db: TDb, actor: TActor, id: string, patch: TProposalPatch): Promise<TProposal> {
  const [current] = await db.select().from(proposals).where(owned(actor, id));
  if (!current) throw notFound();
  if (current.status === 'accepted') throw new AppError('locked', 'An accepted proposal is locked.');
  const key = patch.saveKey;
  if (key && current.saveWriter === key.writer && current.saveSeq !== null && current.saveSeq >= key.seq) {
    // This save was applied already (a retry whose first answer was lost), or a later one of the
    // same session was: nothing to do twice, and nothing to show as a conflict.
    return toProposal(current);
  }
  throw new AppError(
    'conflict',
    'This proposal was changed elsewhere since you opened it. Keep your version or the newer one.',
    { current: toProposal(current) },
  );
}

/**
 * Deletes at once, as the user asked: from now on every read answers 404 and the client's link
 * stops working, even if the tab that asked closes. The row stays for RESTORE_WINDOW_MS so Undo
 * (`restoreProposal`) can bring it back whole; then the purge removes it. Deleting twice is a 404.
 */
export async function deleteProposal(args: { db: TDb; actor: TActor; id: string }): Promise<void> {
  const { db, actor, id } = args;
  const deleted = await db
    .update(proposals)
    .set({ deletedAt: sql`now()` })
    .where(and(owned(actor, id), ne(proposals.status, 'accepted')))
    .returning({ id: proposals.id });
  if (deleted.length > 0) return;
  const [current] = await db.select({ status: proposals.status }).from(proposals).where(owned(actor, id));
  if (!current) throw notFound();
  throw new AppError(
    'locked',
    'An accepted proposal is the signed record for you and your client, so it cannot be deleted. Duplicate it to start a new one.',
  );
}

/** Undo of a delete: the proposal as it was, while its restore window lasts. */
export async function restoreProposal(args: { db: TDb; actor: TActor; id: string }): Promise<TProposal> {
  const { db, actor, id } = args;
  const [row] = await db
    .update(proposals)
    .set({ deletedAt: null })
    .where(
      and(
        eq(proposals.id, parseId(id)),
        eq(proposals.ownerId, actor.id),
        isNotNull(proposals.deletedAt),
        gt(proposals.deletedAt, restorableSince),
      ),
    )
    .returning();
  if (row) return toProposal(row);
  const [current] = await db.select({ id: proposals.id }).from(proposals).where(owned(actor, id));
  // Never deleted (a second Undo, say): nothing to bring back, and nothing lost.
  if (current) return getProposal({ db, actor, id });
  throw new AppError('not_found', 'That proposal was deleted for good and can no longer be restored.');
}

/**
 * Removes a draft nobody has touched since `version` (one the AI drafter made and could not
 * finish), and gives its number back when it was the user's last, so a failed draft leaves no
 * gap in the numbering. A draft changed meanwhile (another tab) is kept. True when it was removed.
 */
export async function discardUntouchedDraft(args: {
  db: TDb;
  actor: TActor;
  id: string;
  version: number;
}): Promise<boolean> {
  const { db, actor, id, version } = args;
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(proposals)
      .where(and(owned(actor, id), eq(proposals.version, version), eq(proposals.status, 'draft')))
      .returning({ number: proposals.number });
    if (!gone) return false;
    const match = /^P-(\d{4})-(\d+)$/.exec(gone.number);
    if (match) {
      await tx
        .update(proposalCounters)
        .set({ lastSeq: sql`${proposalCounters.lastSeq} - 1` })
        .where(
          and(
            eq(proposalCounters.ownerId, actor.id),
            eq(proposalCounters.year, Number(match[1])),
            eq(proposalCounters.lastSeq, Number(match[2])),
          ),
        );
    }
    return true;
  });
}

/** Cut to the title's limit between two characters. */
const copyTitle = (title: string): string => cutText(`Copy of ${title}`, PROPOSAL_TITLE_MAX);

/** A new draft with the same content, a new number and a fresh validity. */
export async function duplicateProposal(args: { db: TDb; actor: TActor; id: string }): Promise<TProposal> {
  const { db, actor, id } = args;
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(proposals).where(owned(actor, id));
    if (!source) throw notFound();
    const defaults = await readDefaults(tx, actor.id);
    const document = source.document as TDocument;
    const [row] = await tx
      .insert(proposals)
      .values({
        ownerId: actor.id,
        number: await nextNumber(tx, actor.id),
        title: copyTitle(source.title),
        clientId: source.clientId,
        client: source.client,
        currency: source.currency,
        language: source.language,
        validUntil: defaults.validUntil,
        document,
        totals: computeTotals(document),
      })
      .returning();
    if (!row) throw new Error('proposal insert returned no row');
    return toProposal(row);
  });
}
