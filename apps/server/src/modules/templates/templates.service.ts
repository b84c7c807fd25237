import type { TDocument, TPlanId } from '@draftwell/shared';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import {
  STARTER_TEMPLATE_IDS,
  starterTemplate,
  starterTemplates,
  type TStarterTemplate,
} from '@draftwell/shared/templates/starter-templates';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { cutText } from '@draftwell/shared/text';
import {
  STARTER_TEMPLATE_ID_PREFIX,
  TEMPLATE_NAME_MAX,
  type TTemplate,
  type TTemplateFromProposal,
  type TTemplateList,
  type TTemplateListQuery,
  type TTemplatePatch,
  type TTemplateSummary,
  type TTemplateValues,
} from '@draftwell/shared/workspace/templates';
import { and, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { proposals, templates } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { checkTemplateLimit } from '../billing/usage';
import { AppError } from '../../lib/app-error';
import { contentI18n, serverI18n } from '../../lib/i18n';
import { decodeTimeCursor, encodeCursor } from '../../lib/cursor';
import { containsPattern, isUuid, startsWithPattern } from '../../lib/sql-text';
import { getProfile } from '../profile/profile.service';
import { createProposal, newProposalLanguage } from '../proposals/proposals.service';

type TRow = typeof templates.$inferSelect;

const notFound = () => new AppError('not_found', 'That template does not exist, or it is not yours.');

const isStarterId = (id: string) => id.startsWith(STARTER_TEMPLATE_ID_PREFIX);
const isStarter = (id: string) => (STARTER_TEMPLATE_IDS as readonly string[]).includes(id);

/**
 * The starters in a language: the app's six are written in theirs, any other (or none) in
 * English. The gallery shows them in the owner's app language; a proposal made from one is
 * written in the proposal's language.
 */
const startersIn = (language: TLanguage | undefined) => starterTemplates(contentI18n(language));

/** Starters are built in: they can be used, previewed and duplicated, never changed. */
function starterIsReadOnly(): AppError {
  return new AppError(
    'not_found',
    'Starter templates are built in and cannot be changed or deleted. Duplicate it to make a copy of your own.',
  );
}

function starterSummary(starter: TStarterTemplate): TTemplateSummary {
  return {
    id: starter.id,
    kind: 'starter',
    name: starter.name,
    description: starter.description,
    category: starter.category,
    version: 0,
    createdAt: null,
    updatedAt: null,
  };
}

function fromStarter(starter: TStarterTemplate): TTemplate {
  // A copy: callers must never be able to change the built-in constant.
  return { ...starterSummary(starter), document: structuredClone(starter.document) };
}

function toSummary(row: Omit<TRow, 'document' | 'ownerId'>): TTemplateSummary {
  return {
    id: row.id,
    kind: 'own',
    name: row.name,
    description: row.description,
    category: row.category,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTemplate(row: TRow): TTemplate {
  return { ...toSummary(row), document: row.document as TDocument };
}

/** Cut to the name's limit (less room for `suffix`) between two characters. */
function fitName(name: string, suffix = ''): string {
  return cutText(name, TEMPLATE_NAME_MAX - suffix.length) + suffix;
}

/**
 * "Copy of Web design", else "Copy of Web design (2)", (3)…, in the owner's app language
 * (`language`): a copy never has the name of a starter (none is named so) or of another of the
 * user's templates, so the gallery can tell them apart.
 */
async function copyName(db: TDb, actor: TActor, source: string, language: TLanguage | undefined): Promise<string> {
  const i18n = serverI18n(language ?? 'en');
  const full = i18n._('Copy of {name}', { name: source });
  // Every candidate starts with this much of the name, however much a suffix cuts off its end.
  const prefix = full.slice(0, TEMPLATE_NAME_MAX - 16);
  const rows = await db
    .select({ name: templates.name })
    .from(templates)
    .where(and(eq(templates.ownerId, actor.id), ilike(templates.name, startsWithPattern(prefix))));
  const taken = new Set(rows.map((r) => nameKey(r.name)));
  for (let n = 1; ; n++) {
    const candidate = fitName(full, n === 1 ? '' : ` (${n})`);
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

/** Names differ for people by more than case. */
const nameKey = (name: string) => name.toLowerCase();

/** updated_at to the microsecond: a JavaScript Date would cut it to milliseconds and skip rows. */
const updatedAtKey = sql<string>`to_char(${templates.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function matches(template: TTemplateSummary, q: string): boolean {
  const needle = q.toLowerCase();
  return [template.name, template.description, template.category].some((s) => s.toLowerCase().includes(needle));
}

/**
 * Every starter (matching `q`), and a keyset page of the user's own templates, most recently
 * changed first.
 */
export async function listTemplates(args: {
  db: TDb;
  actor: TActor;
  query: TTemplateListQuery;
  /** The starters' language (the owner's app language); English when left out. */
  language?: TLanguage;
}): Promise<TTemplateList> {
  const { db, actor, query } = args;
  const cursor = decodeTimeCursor(query.cursor);
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const { document: _document, ownerId: _owner, ...columns } = getTableColumns(templates);
  const rows = await db
    .select({ ...columns, key: updatedAtKey })
    .from(templates)
    .where(
      and(
        eq(templates.ownerId, actor.id),
        pattern
          ? or(
              ilike(templates.name, pattern),
              ilike(templates.description, pattern),
              ilike(templates.category, pattern),
            )
          : undefined,
        cursor
          ? sql`(${templates.updatedAt}, ${templates.id}) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(templates.updatedAt), desc(templates.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const starters = startersIn(args.language).map(starterSummary);
  return {
    starters: query.q ? starters.filter((s) => matches(s, query.q!)) : starters,
    items: page.map(({ key: _key, ...row }) => toSummary(row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ k: last.key, id: last.id }) : null,
  };
}

async function getOwn(db: TDb, actor: TActor, id: string): Promise<TTemplate> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.ownerId, actor.id)));
  if (!row) throw notFound();
  return toTemplate(row);
}

/** An own template (by UUID) or a starter (by its `starter-…` id, in `language`: English when left out). */
export async function getTemplate(args: {
  db: TDb;
  actor: TActor;
  id: string;
  language?: TLanguage;
}): Promise<TTemplate> {
  const { db, actor, id } = args;
  if (isStarterId(id)) {
    const starter = starterTemplate(contentI18n(args.language), id);
    if (!starter) throw notFound();
    return fromStarter(starter);
  }
  return getOwn(db, actor, id);
}

/** A new own template, refused with 402 past the plan's number of own templates. */
export async function createTemplate(args: {
  db: TDb;
  actor: TActor;
  input: TTemplateValues;
  defaultPlan: TPlanId;
}): Promise<TTemplate> {
  const { db, actor, input, defaultPlan } = args;
  return db.transaction(async (tx) => {
    await checkTemplateLimit({ db: tx, defaultPlan, userId: actor.id });
    const [row] = await tx
      .insert(templates)
      .values({ ...input, ownerId: actor.id })
      .returning();
    if (!row) throw new Error('template insert returned no row');
    return toTemplate(row);
  });
}

/**
 * Applies `patch` only if the template is still at `patch.version`; otherwise a 409 carrying the
 * template as it is now.
 */
export async function updateTemplate(args: {
  db: TDb;
  actor: TActor;
  id: string;
  patch: TTemplatePatch;
}): Promise<TTemplate> {
  const { db, actor, id, patch } = args;
  if (isStarter(id)) throw starterIsReadOnly();
  if (!isUuid(id)) throw notFound();
  const { version, ...fields } = patch;
  const [row] = await db
    .update(templates)
    .set({ ...fields, version: sql`${templates.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(templates.id, id), eq(templates.ownerId, actor.id), eq(templates.version, version)))
    .returning();
  if (row) return toTemplate(row);
  throw new AppError(
    'conflict',
    'This template was changed elsewhere since you opened it. Review the current version and try again.',
    { current: await getOwn(db, actor, id) },
  );
}

export async function deleteTemplate(args: { db: TDb; actor: TActor; id: string }): Promise<void> {
  const { db, actor, id } = args;
  if (isStarter(id)) throw starterIsReadOnly();
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.ownerId, actor.id)))
    .returning({ id: templates.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * The template's document as this user starts from it. A starter's lines carry no tax of their
 * own (0 % is a placeholder, not a choice): they take the business profile's default tax rate. A
 * user's own template keeps the tax its lines were saved with.
 */
async function documentFor(db: TDb, actor: TActor, template: TTemplate): Promise<TDocument> {
  if (template.kind !== 'starter') return template.document;
  const { defaultTaxRate } = await getProfile({ db, actor });
  return {
    ...template.document,
    blocks: template.document.blocks.map((block) =>
      block.type === 'pricing_table'
        ? { ...block, lines: block.lines.map((line) => ({ ...line, taxPercent: defaultTaxRate })) }
        : block,
    ),
  };
}

/** An own copy of an own template or of a starter (in `language`, the owner's app language; English when left out). */
export async function duplicateTemplate(args: {
  db: TDb;
  actor: TActor;
  id: string;
  defaultPlan: TPlanId;
  language?: TLanguage;
}): Promise<TTemplate> {
  const { db, actor, defaultPlan } = args;
  const source = await getTemplate(args);
  return createTemplate({
    db,
    actor,
    defaultPlan,
    input: {
      name: await copyName(db, actor, source.name, args.language),
      description: source.description,
      category: source.category,
      document: await documentFor(db, actor, source),
    },
  });
}

/**
 * A new draft whose document is the template's and whose title is the template's name; its
 * currency, valid-until date and language come from the business profile (`createProposal`). A
 * starter is written in that language.
 */
export async function useTemplate(args: { db: TDb; actor: TActor; id: string }): Promise<TProposal> {
  const { db, actor } = args;
  const start = await templateStart({ ...args, proposal: {} });
  return createProposal({
    db,
    actor,
    input: { title: start.name, ...(start.language ? { language: start.language } : {}) },
    document: start.document,
  });
}

/**
 * What a proposal made from a template starts with: its name and its document (as `useTemplate`).
 * A starter's are written in the language the proposal will have (`proposal`: the language and
 * saved client it is created with; newProposalLanguage), which it returns to create it with.
 */
export async function templateStart(args: {
  db: TDb;
  actor: TActor;
  id: string;
  proposal: { language?: TLanguage | undefined; clientId?: string | undefined };
}): Promise<{ name: string; document: TDocument; language?: TLanguage }> {
  const { db, actor, id } = args;
  const language = isStarterId(id) ? await newProposalLanguage(db, actor.id, args.proposal) : undefined;
  const template = await getTemplate({ db, actor, id, ...(language ? { language } : {}) });
  return {
    name: template.name,
    document: await documentFor(db, actor, template),
    ...(language ? { language } : {}),
  };
}

/** Saves one of the user's proposals' documents as a template of their own. */
export async function templateFromProposal(args: {
  db: TDb;
  actor: TActor;
  proposalId: string;
  input: TTemplateFromProposal;
  defaultPlan: TPlanId;
}): Promise<TTemplate> {
  const { db, actor, proposalId, input, defaultPlan } = args;
  const missing = () => new AppError('not_found', 'That proposal does not exist, or it is not yours.');
  if (!isUuid(proposalId)) throw missing();
  const [proposal] = await db
    .select({ title: proposals.title, document: proposals.document })
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.ownerId, actor.id)));
  if (!proposal) throw missing();
  return createTemplate({
    db,
    actor,
    defaultPlan,
    input: {
      name: input.name ?? (fitName(proposal.title.trim()) || 'Untitled template'),
      description: input.description ?? '',
      category: input.category ?? '',
      document: proposal.document as TDocument,
    },
  });
}
