import { deadlineProblem, type TBrief } from '@draftwell/shared/drafting/brief';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import type { TPlanId } from '@draftwell/shared/plans';
import type { TProposal, TProposalClient } from '@draftwell/shared/workspace/proposals';
import { ZBlock, ZDocument, emptyDocument, type TBlock, type TDocument } from '@draftwell/shared/document';
import type { TAiFailureDetails, TDraftStreamEvent, TSectionRewrite } from '@draftwell/shared/drafting/ai';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { proposals, savedItems } from '../../db/schema';
import { consumeUsage, refundUsage, type TUsageTicket } from '../billing/usage';
import {
  aiFailure,
  aiModelOptions,
  collectDraft,
  isAiFailure,
  rewriteSection,
  type TDraft,
  type TDraftClient,
  type TDraftContext,
  type TDraftInput,
  type TDraftSavedItem,
  type TDrafter,
} from '.';
import type { TAiEnv } from '../../env';
import type { Logger } from '../../lib/logger';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { getClient } from '../clients/clients.service';
import { getProfile } from '../profile/profile.service';
import { getTemplate } from '../templates/templates.service';
import {
  createProposal,
  discardUntouchedDraft,
  newProposalLanguage,
  updateProposal,
} from '../proposals/proposals.service';

/** More saved items than anyone keeps; the drafter compares each deliverable with every one. */
const SAVED_ITEMS_READ = 1000;

async function resolveClient(db: TDb, actor: TActor, brief: TBrief): Promise<TDraftClient> {
  if (brief.client.source === 'new') {
    const { name, company, email } = brief.client;
    return { name, company, email };
  }
  try {
    const { name, company, email } = await getClient({ db, actor, id: brief.client.clientId });
    return { name, company, email };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') {
      throw new AppError('not_found', 'That client does not exist, or it is not yours.', {
        fields: { 'client.clientId': 'Pick one of your saved clients, or type the client’s details.' },
      });
    }
    throw err;
  }
}

async function readSavedItems(db: TDb, actor: TActor): Promise<TDraftSavedItem[]> {
  const rows = await db
    .select({
      id: savedItems.id,
      description: savedItems.description,
      unit: savedItems.unit,
      unitPrice: savedItems.unitPrice,
      currency: savedItems.currency,
      taxRate: savedItems.taxRate,
      billing: savedItems.billing,
    })
    .from(savedItems)
    .where(eq(savedItems.ownerId, actor.id))
    // A fixed order: the drafter breaks ties between equally good items by it.
    .orderBy(asc(savedItems.description), asc(savedItems.id))
    .limit(SAVED_ITEMS_READ);
  return rows.map((row) => ({ ...row, billing: row.billing as TDraftSavedItem['billing'] }));
}

/** Three is enough to carry a user's voice and prices without crowding out the brief. */
const ACCEPTED_EXAMPLES = 3;

/** What a document is made of, in a line per block: headings and block kinds, no body text. */
function outline(document: TDocument): string[] {
  return document.blocks.map((block) => {
    if (block.type === 'rich_text') {
      const heading = block.content.content.find((node) => node.type === 'heading');
      const text = heading?.content?.map((n) => (n.type === 'text' ? n.text : '')).join('') ?? '';
      return text ? `section: ${text}` : 'section';
    }
    if (block.type === 'pricing_table') return `pricing table: ${block.title}`;
    return block.type.replace('_', ' ');
  });
}

/** `text` with the client's name and company taken out: a model never needs another client's identity. */
function withoutClient(text: string, client: { name?: string; company?: string }): string {
  return [client.name, client.company]
    .filter((s): s is string => typeof s === 'string' && s.trim().length > 1)
    .reduce((out, s) => out.split(s).join('the client'), text);
}

/** `language`: the draft's, which a starter's outline is read in. */
async function readContext(
  db: TDb,
  actor: TActor,
  templateId: string | null,
  language: TLanguage,
): Promise<TDraftContext> {
  const [template, rows] = await Promise.all([
    templateId
      ? getTemplate({ db, actor, id: templateId, language }).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'not_found') {
            throw new AppError('not_found', 'That template does not exist, or it is not yours.', {
              fields: { templateId: 'Pick one of the templates.' },
            });
          }
          throw err;
        })
      : null,
    db
      .select({
        title: proposals.title,
        client: proposals.client,
        currency: proposals.currency,
        document: proposals.document,
      })
      .from(proposals)
      .where(and(eq(proposals.ownerId, actor.id), eq(proposals.status, 'accepted')))
      .orderBy(desc(proposals.acceptedAt), desc(proposals.id))
      .limit(ACCEPTED_EXAMPLES),
  ]);
  return {
    template: template ? { name: template.name, outline: outline(template.document) } : null,
    acceptedProposals: rows.map((row) => {
      const document = row.document as TDocument;
      const client = row.client as { name?: string; company?: string };
      return {
        title: withoutClient(row.title, client),
        currency: row.currency,
        outline: outline(document).map((line) => withoutClient(line, client)),
        lines: document.blocks.flatMap((block) =>
          block.type === 'pricing_table'
            ? block.lines.map(({ description, quantity, unit, unitPrice, billing }) => ({
                description: withoutClient(description, client),
                quantity,
                unit,
                unitPrice,
                billing,
              }))
            : [],
        ),
      };
    }),
  };
}

type TPrepared = { input: TDraftInput; ticket: TUsageTicket };

/**
 * Everything a drafter needs, read once, and the generation counted: it counts when it is asked
 * for (a model's tokens are spent either way) and is given back if nothing could be written.
 */
async function prepareDraft(args: {
  db: TDb;
  actor: TActor;
  brief: TBrief;
  today: string;
  defaultPlan: TPlanId;
  withContext: boolean;
}): Promise<TPrepared> {
  const { db, actor, brief, today, defaultPlan } = args;
  const problem = deadlineProblem(brief.deadline, today);
  if (problem) throw new AppError('invalid', 'Some fields need attention.', { fields: { deadline: problem } });
  const [profile, client, items] = await Promise.all([
    getProfile({ db, actor }),
    resolveClient(db, actor, brief),
    readSavedItems(db, actor),
  ]);
  // The language the proposal will have (its saved client's, else the profile's default): the draft's.
  const language = await newProposalLanguage(db, actor.id, {
    clientId: brief.client.source === 'saved' ? brief.client.clientId : undefined,
  });
  const context = args.withContext ? await readContext(db, actor, brief.templateId, language) : undefined;
  const ticket = await consumeUsage({ db, defaultPlan, userId: actor.id, metric: 'briefDrafts' });
  return {
    input: { brief, profile, savedItems: items, client, language, today, ...(context ? { context } : {}) },
    ticket,
  };
}

/** Stores a written draft: created through the proposals service, so numbering, defaults and totals stay there. */
async function saveDraft(
  db: TDb,
  actor: TActor,
  brief: TBrief,
  input: Pick<TDraftInput, 'client' | 'language'>,
  draft: TDraft,
): Promise<TProposal> {
  const { client, language } = input;
  return db.transaction(async (tx) => {
    const clientId = brief.client.source === 'saved' ? brief.client.clientId : undefined;
    const created = await createProposal({
      db: tx,
      actor,
      // In the language the draft was written in.
      input: { title: draft.title, language, ...(clientId ? { clientId } : {}) },
      document: draft.document,
    });
    const snapshot: TProposalClient | undefined =
      brief.client.source === 'new' ? { ...client, phone: '', address: '' } : undefined;
    return updateProposal({
      db: tx,
      actor,
      id: created.id,
      patch: {
        version: created.version,
        currency: draft.currency,
        validUntil: draft.validUntil,
        ...(snapshot ? { client: snapshot } : {}),
      },
    });
  });
}

/** A new draft written by `drafter` from the brief, the user's business profile, saved items and client. */
export async function createDraftFromBrief(args: {
  db: TDb;
  actor: TActor;
  brief: TBrief;
  drafter: TDrafter;
  /** yyyy-mm-dd on the server's clock. */
  today: string;
  defaultPlan: TPlanId;
  logger: Logger;
}): Promise<TProposal> {
  const { db, actor, brief, drafter } = args;
  const { input, ticket } = await prepareDraft({ ...args, withContext: drafter.name !== 'built-in' });
  let draft: TDraft;
  try {
    draft = await collectDraft(drafter, input);
  } catch (err) {
    await refundUsage(db, ticket);
    throw isAiFailure(err) ? asFailure(err, args.logger, drafter.name) : err;
  }
  return saveDraft(db, actor, brief, input, draft);
}

/**
 * Checks and counts a streamed draft before the response starts, so a bad brief or a used-up
 * plan is an ordinary 4xx; the events follow from `streamDraft`.
 */
export async function startDraftStream(args: {
  db: TDb;
  actor: TActor;
  brief: TBrief;
  today: string;
  defaultPlan: TPlanId;
}): Promise<TPrepared> {
  return prepareDraft({ ...args, withContext: true });
}

/** Any error of a drafter as the AppError the app shows; a model's failure is logged without secrets. */
function asFailure(err: unknown, log: Logger, drafter: string): AppError {
  if (isAiFailure(err)) {
    log.warn({ drafter, reason: err.reason, cause: err.logLine }, 'drafting with the AI model failed');
    return err;
  }
  if (err instanceof AppError) return err;
  log.error({ drafter, err }, 'drafting failed');
  return new AppError('internal', 'The draft could not be written. Try again.');
}

/**
 * The events of a streamed draft. When the heading arrives the draft is created at once
 * (`created`, an empty document), so the app can open it in the editor; each block follows as
 * the drafter yields it, re-checked with `ZBlock`; `done` comes once the whole document passed
 * `ZDocument` and was saved into that draft.
 *
 * - A failure removes the draft again (unless it was changed meanwhile), refunds the
 *   generation and ends with `error`: nothing half-made stays.
 * - An abort (the user pressed Stop, or left) keeps what was sent: the blocks so far are saved
 *   into the draft, or the draft is removed if none had arrived. The generation stays counted.
 *   Both writes name the version of `created`, so the app's own save of what it shows after Stop
 *   and this one never both apply.
 */
export async function* streamDraft(args: {
  db: TDb;
  actor: TActor;
  brief: TBrief;
  drafter: TDrafter;
  prepared: TPrepared;
  signal: AbortSignal;
  logger: Logger;
}): AsyncGenerator<TDraftStreamEvent> {
  const { db, actor, brief, drafter, prepared, signal, logger } = args;
  const { input, ticket } = prepared;
  let created: TProposal | undefined;
  let heading: Omit<TDraft, 'document'> | undefined;
  const blocks: TBlock[] = [];
  let settled = false;
  try {
    let document: TDocument;
    try {
      for await (const part of drafter.draft(input, { signal })) {
        if (part.kind === 'heading') {
          if (created) throw aiFailure('malformed');
          heading = { title: part.title, currency: part.currency, validUntil: part.validUntil };
          created = await saveDraft(db, actor, brief, input, { ...heading, document: emptyDocument() });
          yield { type: 'created', proposal: created };
        } else {
          const parsed = ZBlock.safeParse(part.block);
          if (!created || !parsed.success) throw aiFailure('malformed');
          blocks.push(parsed.data);
          yield { type: 'block', block: parsed.data };
        }
      }
      const parsed = ZDocument.safeParse({ version: 1, blocks });
      if (!created || !heading || !parsed.success) throw aiFailure('malformed');
      document = parsed.data;
    } catch (err) {
      if (signal.aborted) return;
      settled = true;
      if (created) await discardUntouchedDraft({ db, actor, id: created.id, version: created.version });
      await refundUsage(db, ticket);
      const failure = asFailure(err, logger, drafter.name);
      const details = failure.options.details as TAiFailureDetails | undefined;
      yield { type: 'error', error: { code: failure.code, message: failure.message, ...(details ? { details } : {}) } };
      return;
    }
    if (signal.aborted) return;
    const proposal = await completeDraft(db, actor, brief, input, created, { ...heading, document }, signal);
    settled = true;
    if (proposal) yield { type: 'done', proposal };
  } finally {
    if (!settled && created) await keepArrived(db, actor, created, blocks, logger);
  }
}

/**
 * The whole document into the draft `created`. If the draft was changed meanwhile (opened in
 * another tab and typed in), that change stays and the model's draft is saved as a new one,
 * unless the change is the app's own save after Stop (the request was aborted): null then.
 */
async function completeDraft(
  db: TDb,
  actor: TActor,
  brief: TBrief,
  input: Pick<TDraftInput, 'client' | 'language'>,
  created: TProposal,
  draft: TDraft,
  signal: AbortSignal,
): Promise<TProposal | null> {
  try {
    return await updateProposal({
      db,
      actor,
      id: created.id,
      patch: { version: created.version, document: draft.document },
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'conflict')) throw err;
    return signal.aborted ? null : saveDraft(db, actor, brief, input, draft);
  }
}

/** After an abort: what was sent stays as the draft, or the empty draft goes. Never throws. */
async function keepArrived(db: TDb, actor: TActor, created: TProposal, blocks: TBlock[], logger: Logger) {
  try {
    if (blocks.length === 0) {
      await discardUntouchedDraft({ db, actor, id: created.id, version: created.version });
      return;
    }
    await updateProposal({
      db,
      actor,
      id: created.id,
      patch: { version: created.version, document: { version: 1, blocks } },
    });
  } catch (err) {
    // Already saved by the app (a conflict) or removed: either way nothing is lost.
    if (err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found')) return;
    logger.error({ err, proposalId: created.id }, 'keeping a stopped draft failed');
  }
}

/** A text section rewritten by the model, counted as a generation and given back when the model fails. */
export async function rewriteDraftSection(args: {
  db: TDb;
  actor: TActor;
  ai: TAiEnv | null;
  request: TSectionRewrite;
  defaultPlan: TPlanId;
  logger: Logger;
  signal?: AbortSignal;
}): Promise<TBlock> {
  const { db, actor, request, defaultPlan, signal } = args;
  const options = aiModelOptions(args.ai);
  if (!options) throw aiFailure('not_configured');
  const ticket = await consumeUsage({ db, defaultPlan, userId: actor.id, metric: 'briefDrafts' });
  try {
    return await rewriteSection({ ...options, request, ...(signal ? { signal } : {}) });
  } catch (err) {
    await refundUsage(db, ticket);
    throw asFailure(err, args.logger, 'ai');
  }
}
