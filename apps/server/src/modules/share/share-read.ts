import type { TAcceptanceCertificate, TComment, TRevisionSummary } from '@draftwell/shared';
import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { toCertificate, toComment, toEvidence, toRevisionSummary } from '../revisions/records';
import type { TDb } from '../../db/client';
import { fromJsonRow, jsonRow, type TJsonColumns, type TJsonRow } from '../../db/json-row';
import {
  acceptances,
  appRateLimits,
  proposalComments,
  proposalPayments,
  proposalEvents,
  proposalRevisions,
  proposalSigners,
  proposals,
  sealedDocuments,
  signatures,
  subscriptions,
  users,
} from '../../db/schema';
import { hitQuery, type THit, type TRateRule } from '../../lib/rate-limit';

/**
 * The one statement that opens a share link (issue 14, P3): the address's rate limits counted,
 * the signer whose token it is with their proposal, and, for the client's page, everything the
 * page shows, as columns of one row. Before, the page took the limit's upsert, the link, then
 * the newest revision and the owner's plan, then revisions, comments, certificate (and its
 * signatures), seal state, decline, signers and signatures: up to eleven statements in four
 * round trips.
 *
 * - The limits, when RATE_LIMIT is on, are data-modifying CTEs: every request of the address
 *   counts on `share:<ip>`; a token that opens nothing also counts on `share-miss:<ip>`, unless
 *   the first count is already over its limit, exactly as when the miss was counted only after
 *   the first check had passed (A3). They run whether a link is found or not, and the statement
 *   always answers one row (`from (select 1)`), the counts with it.
 * - The link: the signer by their token's hash (a revoked or removed signer's is null, so it
 *   opens nothing), joined to their proposal unless it is deleted; or, read again after it
 *   expired on access, the proposal and signer by id.
 * - Why a link no longer opens (A4), only for a withdrawn or expired proposal: the newest
 *   revision's sender name, else the owner's name.
 * - The client's page (`page`): the newest revision, every revision's summary, the comments,
 *   the certificate with the signatures of the accepted revision, the sealed PDF's state (once
 *   accepted), the last decline (once declined), the signers still on the list, the signatures
 *   on the newest revision and the owner's plan. Lists and rows of other tables come as JSON,
 *   read back through their columns' own mapping (`db/json-row.ts`).
 */

/**
 * The proposal's own columns but its document and totals: the client sees a revision's snapshot,
 * never the draft being edited, and no job of a link reads them; the document is most of the
 * row, to read, send and parse on every opening.
 */
const { document: _document, totals: _totals, ...proposalColumns } = getTableColumns(proposals);
const signerColumns = getTableColumns(proposalSigners);

export type TShareRow = Omit<typeof proposals.$inferSelect, 'document' | 'totals'>;
export type TShareSigner = typeof proposalSigners.$inferSelect;

const summaryColumns = {
  id: proposalRevisions.id,
  number: proposalRevisions.number,
  hash: proposalRevisions.hash,
  createdAt: proposalRevisions.createdAt,
};
const latestColumns = { ...summaryColumns, snapshot: proposalRevisions.snapshot };
const commentColumns = {
  id: proposalComments.id,
  author: proposalComments.author,
  authorName: proposalComments.authorName,
  body: proposalComments.body,
  createdAt: proposalComments.createdAt,
};
const { proposalId: _a1, ownerId: _a2, revisionId: _a3, ...acceptanceColumns } = getTableColumns(acceptances);
const acceptedRevisionColumns = {
  id: proposalRevisions.id,
  number: proposalRevisions.number,
  hash: proposalRevisions.hash,
};
const {
  proposalId: _s1,
  ownerId: _s2,
  signerId: _s3,
  revisionId: _s4,
  selection: _s5,
  ...evidenceColumns
} = getTableColumns(signatures);
/** The other signers on the list, as the page names them and works out whose turn it is. */
const LISTED = 'listed';
const listed = alias(proposalSigners, LISTED);
const listedColumns = {
  id: listed.id,
  position: listed.position,
  party: listed.party,
  name: listed.name,
  email: listed.email,
  role: listed.role,
};
const signedColumns = {
  signerId: signatures.signerId,
  party: signatures.party,
  signedAt: signatures.signedAt,
  selection: signatures.selection,
};
const declineColumns = { data: proposalEvents.data, at: proposalEvents.createdAt };
const planColumns = { plan: subscriptions.plan, status: subscriptions.status };

type TJson = Record<string, unknown>;

const ofProposal = (column: PgColumn) => sql`${column} = ${proposals.id}`;
const listOf = (columns: TJsonColumns, order: SQL) =>
  sql`coalesce(json_agg(${jsonRow(columns)} order by ${order}), '[]'::json)`;
const isGone = sql`${proposals.status} in ('draft', 'expired')`;
const newestRevision = (columns: SQL) =>
  sql`(select ${columns} from ${proposalRevisions} where ${ofProposal(proposalRevisions.proposalId)}
    order by ${proposalRevisions.number} desc limit 1)`;

/** Who a 410 names: read only when the link no longer opens. */
const goneFields = {
  newestSender: sql<TJson | null>`case when ${isGone} then
    ${newestRevision(sql`json_build_object('name', ${proposalRevisions.snapshot}->'sender'->'name')`)} end`,
  ownerName: sql<string | null>`case when ${isGone} then
    (select ${users.name} from ${users} where ${users.id} = ${proposals.ownerId}) end`,
};

/** The client's page; nulls when only the link is opened (the same columns, so one row type). */
function pageFields(page: boolean) {
  const none = sql`null`;
  if (!page) {
    return {
      latest: none as SQL<TJson | null>,
      revisions: none as SQL<TJson[] | null>,
      comments: none as SQL<TJson[] | null>,
      certificate: none as SQL<TJson | null>,
      sealed: none as SQL<string | null>,
      decline: none as SQL<TJson | null>,
      signers: none as SQL<TJson[] | null>,
      signed: none as SQL<TJson[] | null>,
      plan: none as SQL<TJson | null>,
      hasPayment: none as SQL<boolean | null>,
    };
  }
  return {
    latest: sql<TJson | null>`${newestRevision(jsonRow(latestColumns))}`,
    revisions: sql<TJson[]>`(select ${listOf(summaryColumns, sql`${proposalRevisions.number}`)}
      from ${proposalRevisions} where ${ofProposal(proposalRevisions.proposalId)})`,
    comments: sql<TJson[]>`(select ${listOf(commentColumns, sql`${proposalComments.createdAt}, ${proposalComments.id}`)}
      from ${proposalComments} where ${ofProposal(proposalComments.proposalId)})`,
    // Of the accepted revision's snapshot, all but its document, which the certificate does not show.
    certificate: sql<TJson | null>`(select json_build_object(
        'a', ${jsonRow(acceptanceColumns)},
        'r', ${jsonRow(acceptedRevisionColumns)},
        'snapshot', ${proposalRevisions.snapshot} - 'document',
        'signatures', (select ${listOf(evidenceColumns, sql`${signatures.signedAt}, ${signatures.position}`)}
          from ${signatures} where ${signatures.revisionId} = ${proposalRevisions.id}))
      from ${acceptances} inner join ${proposalRevisions} on ${proposalRevisions.id} = ${acceptances.revisionId}
      where ${ofProposal(acceptances.proposalId)})`,
    sealed: sql<string | null>`case when ${proposals.status} = 'accepted' then
      (select ${sealedDocuments.status} from ${sealedDocuments} where ${ofProposal(sealedDocuments.proposalId)}) end`,
    decline: sql<TJson | null>`case when ${proposals.status} = 'declined' then (
      select ${jsonRow(declineColumns)} from ${proposalEvents}
      where ${ofProposal(proposalEvents.proposalId)} and ${proposalEvents.type} = 'declined'
      order by ${proposalEvents.seq} desc limit 1) end`,
    signers: sql<TJson[]>`(select ${listOf(listedColumns, sql`${listed.position}, ${listed.createdAt}`)}
      from ${proposalSigners} as ${sql.identifier(LISTED)} where ${listed.proposalId} = ${proposals.id} and ${listed.removedAt} is null)`,
    signed: sql<TJson[]>`(select ${listOf(signedColumns, sql`${signatures.signedAt}, ${signatures.position}`)}
      from ${signatures} where ${signatures.revisionId} = ${newestRevision(sql`${proposalRevisions.id}`)})`,
    plan: sql<TJson | null>`(select ${jsonRow(planColumns)} from ${subscriptions}
      where ${subscriptions.userId} = ${proposals.ownerId} limit 1)`,
    // Whether payment terms go with it (decision 0018): only then is their row read, apart.
    hasPayment: sql<boolean>`exists (select 1 from ${proposalPayments} where ${ofProposal(proposalPayments.proposalId)})`,
  };
}

export type TShareLimits = { all: TRateRule; misses: TRateRule };

/**
 * The statement of one shape: by token hash (placeholders `hash`, with limits `allKey` and
 * `missKey` too) or by id (`id`, `signerId`; never limited), with or without the page.
 */
function shareStatement(db: TDb, opts: { by: 'token' | 'id'; page: boolean; limits: TShareLimits | null }) {
  const one = sql`(select 1) as one`;
  const fields = {
    proposal: proposalColumns,
    signer: signerColumns,
    ...goneFields,
    ...pageFields(opts.page),
  };
  // A deleted proposal's link stops working at once, as when the row is purged.
  const signerByToken = eq(proposalSigners.tokenHash, sql.placeholder('hash'));
  const proposalOfSigner = and(eq(proposals.id, proposalSigners.proposalId), isNull(proposals.deletedAt));
  const { limits } = opts;
  if (opts.by === 'id' || !limits) {
    const none = sql`null`;
    const counts = {
      hitCount: none as SQL<number | null>,
      hitStart: none as SQL<Date | null>,
      missCount: none as SQL<number | null>,
      missStart: none as SQL<Date | null>,
    };
    if (opts.by === 'id') {
      return db
        .select({ ...fields, ...counts })
        .from(one)
        .leftJoin(proposals, eq(proposals.id, sql.placeholder('id')))
        .leftJoin(proposalSigners, eq(proposalSigners.id, sql.placeholder('signerId')));
    }
    return db
      .select({ ...fields, ...counts })
      .from(one)
      .leftJoin(proposalSigners, signerByToken)
      .leftJoin(proposals, proposalOfSigner);
  }
  const hit = db.$with('hit').as(hitQuery(db, sql.placeholder('allKey'), limits.all.windowSeconds));
  const opensNothing = sql`not exists (select 1 from ${proposalSigners} inner join ${proposals} on ${proposalOfSigner}
    where ${signerByToken})`;
  const miss = db
    .$with('miss')
    .as(
      hitQuery(
        db,
        sql.placeholder('missKey'),
        limits.misses.windowSeconds,
        sql`${opensNothing} and (select ${hit.count} from ${hit}) <= ${limits.all.max}`,
      ),
    );
  return db
    .with(hit, miss)
    .select({
      ...fields,
      hitCount: sql<number | null>`(select ${hit.count} from ${hit})`,
      hitStart: sql<Date | null>`(select ${hit.windowStart} from ${hit})`.mapWith(appRateLimits.windowStart),
      missCount: sql<number | null>`(select ${miss.count} from ${miss})`,
      missStart: sql<Date | null>`(select ${miss.windowStart} from ${miss})`.mapWith(appRateLimits.windowStart),
    })
    .from(one)
    .leftJoin(proposalSigners, signerByToken)
    .leftJoin(proposals, proposalOfSigner);
}

type TPrepared = ReturnType<ReturnType<typeof shareStatement>['prepare']>;
type TAnswer = Awaited<ReturnType<TPrepared['execute']>>[number];

/** Each shape prepared once per database handle, by name (parsed once per connection on a server). */
const preparedShapes = new WeakMap<TDb, Map<string, TPrepared>>();

function prepared(db: TDb, opts: { by: 'token' | 'id'; page: boolean; limits: TShareLimits | null }): TPrepared {
  const shape = `${opts.by}_${opts.page ? 'page' : 'link'}${opts.limits ? '_limited' : ''}`;
  let shapes = preparedShapes.get(db);
  if (!shapes) {
    shapes = new Map();
    preparedShapes.set(db, shapes);
  }
  let query = shapes.get(shape);
  if (!query) {
    query = shareStatement(db, opts).prepare(`draftwell_share_${shape}`);
    shapes.set(shape, query);
  }
  return query;
}

export type TSharePage = {
  latest: TJsonRow<typeof latestColumns> | null;
  revisions: TRevisionSummary[];
  comments: TComment[];
  certificate: TAcceptanceCertificate | null;
  /** The sealed PDF's row status, read once accepted; null when there is none (or not accepted). */
  sealed: string | null;
  decline: TJsonRow<typeof declineColumns> | null;
  signers: TJsonRow<typeof listedColumns>[];
  signed: TJsonRow<typeof signedColumns>[];
  plan: TJsonRow<typeof planColumns> | null;
  /** The proposal has payment terms (a `proposal_payments` row). */
  hasPayment: boolean;
};

/** What opening a link read. */
export type TShareRead = {
  /** Null: the token opens nothing. */
  proposal: TShareRow | null;
  signer: TShareSigner | null;
  /** The address's count of requests, and of misses (null when not counted); null without limits. */
  hit: THit | null;
  miss: THit | null;
  /** Who to name when the link no longer opens: the newest revision's sender, else the owner. */
  senderName: string;
  page: TSharePage | null;
};

/** Opens a link by its token's hash (null: not a token's shape), counting the address's hits when `limits` are given. */
export async function readShareByToken(
  db: TDb,
  opts: { hash: string | null; page: boolean; limits: (TShareLimits & { allKey: string; missKey: string }) | null },
): Promise<TShareRead> {
  const { limits } = opts;
  const query = prepared(db, { by: 'token', page: opts.page, limits });
  const rows = await query.execute(
    limits ? { hash: opts.hash, allKey: limits.allKey, missKey: limits.missKey } : { hash: opts.hash },
  );
  return toRead(rows[0], opts.page);
}

/** The same by the proposal's and the signer's ids, deleted or not (the read again after expiring it on access). */
export async function readShareById(
  db: TDb,
  opts: { id: string; signerId: string; page: boolean },
): Promise<TShareRead> {
  const rows = await prepared(db, { by: 'id', page: opts.page, limits: null }).execute({
    id: opts.id,
    signerId: opts.signerId,
  });
  return toRead(rows[0], opts.page);
}

const count = (n: number | null, start: Date | null): THit | null =>
  n === null || start === null ? null : { count: n, windowStart: start };

function toRead(row: TAnswer | undefined, page: boolean): TShareRead {
  if (!row) throw new Error('the share statement answered no row');
  const newestSender = row.newestSender as { name: string } | null;
  return {
    proposal: row.proposal,
    signer: row.signer,
    hit: count(row.hitCount, row.hitStart),
    miss: count(row.missCount, row.missStart),
    senderName: newestSender ? newestSender.name : (row.ownerName ?? 'The sender'),
    page: page && row.proposal ? toPage(row) : null,
  };
}

function toPage(row: TAnswer): TSharePage {
  const certificate = row.certificate as { a: TJson; r: TJson; snapshot: unknown; signatures: TJson[] } | null;
  return {
    latest: row.latest ? fromJsonRow(latestColumns, row.latest) : null,
    revisions: (row.revisions ?? []).map((r) => toRevisionSummary(fromJsonRow(summaryColumns, r))),
    comments: (row.comments ?? []).map((c) => toComment(fromJsonRow(commentColumns, c))),
    certificate: certificate
      ? toCertificate(
          fromJsonRow(acceptanceColumns, certificate.a),
          fromJsonRow(acceptedRevisionColumns, certificate.r),
          certificate.snapshot,
          certificate.signatures.map((s) => toEvidence(fromJsonRow(evidenceColumns, s))),
        )
      : null,
    sealed: row.sealed,
    decline: row.decline ? fromJsonRow(declineColumns, row.decline) : null,
    signers: (row.signers ?? []).map((s) => fromJsonRow(listedColumns, s)),
    signed: (row.signed ?? []).map((s) => fromJsonRow(signedColumns, s)),
    plan: row.plan ? fromJsonRow(planColumns, row.plan) : null,
    hasPayment: row.hasPayment === true,
  };
}
