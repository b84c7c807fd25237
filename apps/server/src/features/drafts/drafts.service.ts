import { deadlineProblem, type TBrief } from '@draftwell/shared/drafting/brief';
import type { TPlanId } from '@draftwell/shared/plans';
import type { TProposal, TProposalClient } from '@draftwell/shared/workspace/proposals';
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { savedItems } from '../../db/schema';
import { consumeUsage, refundUsage } from '../../billing/usage';
import { collectDraft, type TDraft, type TDraftClient, type TDraftSavedItem, type TDrafter } from '../../drafting';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { getClient } from '../clients/clients.service';
import { getProfile } from '../profile/profile.service';
import { createProposal, updateProposal } from '../proposals/proposals.service';

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

/**
 * A new draft written by `drafter` from the brief, the user's business profile, saved items and
 * client; created through the proposals service, so numbering, defaults and totals stay there.
 */
export async function createDraftFromBrief(args: {
  db: TDb;
  actor: TActor;
  brief: TBrief;
  drafter: TDrafter;
  /** yyyy-mm-dd on the server's clock. */
  today: string;
  defaultPlan: TPlanId;
}): Promise<TProposal> {
  const { db, actor, brief, drafter, today, defaultPlan } = args;
  const problem = deadlineProblem(brief.deadline, today);
  if (problem) throw new AppError('invalid', 'Some fields need attention.', { fields: { deadline: problem } });

  const [profile, client, items] = await Promise.all([
    getProfile({ db, actor }),
    resolveClient(db, actor, brief),
    readSavedItems(db, actor),
  ]);
  // The draft counts when it is asked for (a model's tokens are spent either way), and is given
  // back if nothing could be written.
  const ticket = await consumeUsage({ db, defaultPlan, userId: actor.id, metric: 'briefDrafts' });
  let draft: TDraft;
  try {
    draft = await collectDraft(drafter, { brief, profile, savedItems: items, client, today });
  } catch (err) {
    await refundUsage(db, ticket);
    throw err;
  }

  return db.transaction(async (tx) => {
    const clientId = brief.client.source === 'saved' ? brief.client.clientId : undefined;
    const created = await createProposal({
      db: tx,
      actor,
      input: { title: draft.title, ...(clientId ? { clientId } : {}) },
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
