import { asc, eq } from 'drizzle-orm';
import type { TAppLanguage } from '@draftwell/shared/i18n/languages';
import type { TDb } from '../../db/client';
import { fileUrl } from '@draftwell/shared/workspace/files';
import {
  acceptances,
  proposalSigners,
  signatures,
  businessProfiles,
  clients,
  paymentAccounts,
  paymentCheckouts,
  proposalPayments,
  files,
  followUpDefaults,
  followUpMails,
  followUpStops,
  proposalComments,
  proposalFollowUps,
  proposalEvents,
  proposalRevisions,
  proposals,
  savedItems,
  savedSections,
  subscriptions,
  templates,
  usageCounters,
  users,
} from '../../db/schema';
import type { TActor } from '../../http/require-user';

export const EXPORT_FORMAT = 'draftwell-export/1';

/**
 * Everything the user owns, as JSON (no lock-in). Read in one transaction so the export is a
 * consistent picture; secrets (password hash, sessions, share tokens) are left out.
 */
export async function exportAccount(args: { db: TDb; actor: TActor }) {
  const { db, actor } = args;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        appLanguage: users.appLanguage,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, actor.id));
    const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.ownerId, actor.id));
    const ownedClients = await tx
      .select()
      .from(clients)
      .where(eq(clients.ownerId, actor.id))
      .orderBy(asc(clients.createdAt));
    const ownedItems = await tx
      .select()
      .from(savedItems)
      .where(eq(savedItems.ownerId, actor.id))
      .orderBy(asc(savedItems.createdAt));
    const ownedSections = await tx
      .select()
      .from(savedSections)
      .where(eq(savedSections.ownerId, actor.id))
      .orderBy(asc(savedSections.createdAt), asc(savedSections.id));
    const ownedTemplates = await tx
      .select()
      .from(templates)
      .where(eq(templates.ownerId, actor.id))
      .orderBy(asc(templates.createdAt));
    const ownedProposals = await tx
      .select()
      .from(proposals)
      .where(eq(proposals.ownerId, actor.id))
      .orderBy(asc(proposals.createdAt));
    // Metadata only: the bytes are the user's own uploads, each at its url.
    const ownedFiles = await tx
      .select({
        id: files.id,
        purpose: files.purpose,
        contentType: files.contentType,
        size: files.size,
        width: files.width,
        height: files.height,
        sha256: files.sha256,
        createdAt: files.createdAt,
      })
      .from(files)
      .where(eq(files.ownerId, actor.id))
      .orderBy(asc(files.createdAt));
    // What was sent and what clients did: the revisions (the evidence), the timeline, the
    // comments and the acceptances with their certificates' data.
    const ownedRevisions = await tx
      .select()
      .from(proposalRevisions)
      .where(eq(proposalRevisions.ownerId, actor.id))
      .orderBy(asc(proposalRevisions.createdAt));
    const ownedEvents = await tx
      .select()
      .from(proposalEvents)
      .where(eq(proposalEvents.ownerId, actor.id))
      .orderBy(asc(proposalEvents.seq));
    const ownedComments = await tx
      .select()
      .from(proposalComments)
      .where(eq(proposalComments.ownerId, actor.id))
      .orderBy(asc(proposalComments.createdAt));
    // Signers without their link tokens (a token in a file would open the proposal to whoever holds it).
    const ownedSigners = await tx
      .select({
        id: proposalSigners.id,
        proposalId: proposalSigners.proposalId,
        position: proposalSigners.position,
        party: proposalSigners.party,
        name: proposalSigners.name,
        email: proposalSigners.email,
        role: proposalSigners.role,
        invitedAt: proposalSigners.invitedAt,
        removedAt: proposalSigners.removedAt,
        createdAt: proposalSigners.createdAt,
      })
      .from(proposalSigners)
      .where(eq(proposalSigners.ownerId, actor.id))
      .orderBy(asc(proposalSigners.createdAt));
    const ownedSignatures = await tx
      .select()
      .from(signatures)
      .where(eq(signatures.ownerId, actor.id))
      .orderBy(asc(signatures.signedAt));
    const ownedAcceptances = await tx
      .select()
      .from(acceptances)
      .where(eq(acceptances.ownerId, actor.id))
      .orderBy(asc(acceptances.acceptedAt));
    // The plan and what was counted against it (billing ids are Stripe's references to the account).
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, actor.id));
    const usage = await tx
      .select({ metric: usageCounters.metric, periodStart: usageCounters.periodStart, count: usageCounters.count })
      .from(usageCounters)
      .where(eq(usageCounters.userId, actor.id))
      .orderBy(asc(usageCounters.periodStart), asc(usageCounters.metric));
    // Automatic follow-up: the defaults, each proposal's settings, the signers who stopped it, what went out.
    const [followUpDefault] = await tx.select().from(followUpDefaults).where(eq(followUpDefaults.ownerId, actor.id));
    const followUpSettings = await tx
      .select()
      .from(proposalFollowUps)
      .where(eq(proposalFollowUps.ownerId, actor.id))
      .orderBy(asc(proposalFollowUps.updatedAt));
    const followUpStopRows = await tx
      .select({
        signerId: followUpStops.signerId,
        proposalId: followUpStops.proposalId,
        ipAddress: followUpStops.ipAddress,
        userAgent: followUpStops.userAgent,
        stoppedAt: followUpStops.stoppedAt,
      })
      .from(followUpStops)
      .innerJoin(proposals, eq(proposals.id, followUpStops.proposalId))
      .where(eq(proposals.ownerId, actor.id))
      .orderBy(asc(followUpStops.stoppedAt));
    const followUpSent = await tx
      .select()
      .from(followUpMails)
      .where(eq(followUpMails.ownerId, actor.id))
      .orderBy(asc(followUpMails.sentAt));
    // Payments at acceptance (decision 0018): the Stripe account without its key or webhook secret.
    const [paymentAccount] = await tx
      .select({
        mode: paymentAccounts.mode,
        stripeAccountId: paymentAccounts.stripeAccountId,
        displayName: paymentAccounts.displayName,
        keyLast4: paymentAccounts.keyLast4,
        livemode: paymentAccounts.livemode,
        status: paymentAccounts.status,
        connectedAt: paymentAccounts.connectedAt,
      })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.ownerId, actor.id));
    const payments = await tx
      .select()
      .from(proposalPayments)
      .where(eq(proposalPayments.ownerId, actor.id))
      .orderBy(asc(proposalPayments.createdAt));
    const checkouts = await tx
      .select({
        sessionId: paymentCheckouts.sessionId,
        proposalId: paymentCheckouts.proposalId,
        mode: paymentCheckouts.mode,
        stripeAccountId: paymentCheckouts.stripeAccountId,
        amount: paymentCheckouts.amount,
        currency: paymentCheckouts.currency,
        status: paymentCheckouts.status,
        paymentStatus: paymentCheckouts.paymentStatus,
        paymentIntentId: paymentCheckouts.paymentIntentId,
        createdAt: paymentCheckouts.createdAt,
      })
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.ownerId, actor.id))
      .orderBy(asc(paymentCheckouts.createdAt));
    return {
      format: EXPORT_FORMAT,
      exportedAt: new Date().toISOString(),
      user,
      businessProfile: profile ?? null,
      clients: ownedClients,
      savedItems: ownedItems,
      savedSections: ownedSections,
      templates: ownedTemplates,
      proposals: ownedProposals,
      signers: ownedSigners,
      signatures: ownedSignatures,
      revisions: ownedRevisions,
      events: ownedEvents,
      comments: ownedComments,
      acceptances: ownedAcceptances,
      subscription: subscription ?? null,
      usage,
      followUp: {
        defaults: followUpDefault ?? null,
        proposals: followUpSettings,
        stops: followUpStopRows,
        mails: followUpSent,
      },
      paymentAccount: paymentAccount ?? null,
      payments,
      paymentCheckouts: checkouts,
      files: ownedFiles.map((f) => ({ ...f, url: fileUrl(f.id) })),
    };
  });
}

/** The app's language the owner chose in Profile (null: their browser's). */
export async function setAppLanguage(args: { db: TDb; actor: TActor; appLanguage: TAppLanguage | null }) {
  const { db, actor, appLanguage } = args;
  await db.update(users).set({ appLanguage, updatedAt: new Date() }).where(eq(users.id, actor.id));
}
