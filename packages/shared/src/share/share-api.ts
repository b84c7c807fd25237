import type { TPricingSelection } from '../document/schema';
import type { TPricingTotals } from '../document/pricing';
import type { TSharedPayment } from '../payments';
import type { TProposalStatus } from '../workspace/proposals';
import type { TAcceptanceCertificate, TRevisionSnapshot, TRevisionSummary } from './revision';
import type { TSharedSigning } from './signing';

/**
 * What the sending side and the client's side exchange. Types and constants only: the client's
 * page (`/p/:token`) imports this and must stay small (QUALITY P8); the zod schemas the server
 * validates with are in `share-schemas.ts`.
 */

export const PROPOSAL_EVENT_TYPES = [
  'created',
  'sent',
  'opened',
  'downloaded',
  'commented',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'extended',
  'reminder_sent',
  /** One signer's signature while others are still to sign; data { name, email, role, party, waitingFor }. */
  'signed',
  /** The owner changed a signer: data { action: 'revoked' | 'reissued' | 'corrected', name, email }. */
  'signer_changed',
  'sealed',
  'seal_failed',
  /** An automatic warning that the valid-until date is near: data { audience: 'client' | 'owner', daysLeft, validUntil, to, names }. */
  'expiry_warning_sent',
  /** A client signer stopped automatic follow-up mail with its link: data { name, email }. */
  'follow_up_stopped',
  /** Paid through Stripe (decision 0018): data { amount, currency, via: 'stripe', name, paymentIntentId, again? }. */
  'paid',
  /** The owner marked it paid by hand: data { amount, currency, via: 'manual', by, note }. */
  'marked_paid',
  /** A payment attempt failed: data { amount, currency, message }. */
  'payment_failed',
  /** Stripe reports a refund: data { amount (refunded so far), currency, full }. */
  'refunded',
] as const;
export type TProposalEventType = (typeof PROPOSAL_EVENT_TYPES)[number];
export type TEventActor = 'owner' | 'client' | 'system';

/** One line of a proposal's activity timeline. */
export type TProposalEvent = {
  /** Increasing across the whole server: the order events happened in. */
  seq: number;
  proposalId: string;
  type: TProposalEventType;
  actor: TEventActor;
  at: string;
  revisionNumber: number | null;
  /**
   * By type: sent { to, message }; opened { seconds, sections? } (time on page, and on each section
   * read as TSectionTime[], updated while the page is open); commented { commentId, author, excerpt }; accepted { name, email }; declined
   * { reason }; extended { validUntil }; downloaded { by: 'owner' | 'client', sealed?: true };
   * sealed { sha256, certificateFingerprint }; seal_failed { reason }; reminder_sent { to, names,
   * message } from the owner, or { to, names, automatic: true, step, of } from follow-up.
   */
  data: Record<string, unknown>;
  /** Where a client did it; null for the owner's and the system's events. */
  ipAddress: string | null;
  userAgent: string | null;
};

/** The event types the owner is told about as they happen (toast, email) and after a reconnect. */
export const NOTIFIED_EVENT_TYPES = [
  'opened',
  'commented',
  'signed',
  'accepted',
  'declined',
  'expired',
  'paid',
  'payment_failed',
] as const;
export type TNotifiedEventType = (typeof NOTIFIED_EVENT_TYPES)[number];

/** A client's action on one of the owner's proposals, as pushed over the realtime channel. */
export type TProposalNotification = {
  seq: number;
  proposalId: string;
  proposalNumber: string;
  proposalTitle: string;
  type: TNotifiedEventType;
  at: string;
  /** One sentence, in English, for integrations: "Dana Reyes accepted “Website redesign”." */
  text: string;
  /** Who did it (a signer, a commenter, the client), when known: the app writes its own sentence in its language. */
  actor: string | null;
  /** A payment's amount in minor units and its currency, for `paid` and `payment_failed`. */
  amount: { amount: number; currency: string } | null;
};

/** The realtime event name on the user's channel; its data is a TProposalNotification. */
export const PROPOSAL_ACTIVITY_EVENT = 'proposal.activity';

/** GET /api/notifications?after=<seq>: what happened since, oldest first (R10). */
export type TNotificationFeed = { items: TProposalNotification[]; lastSeq: number };

export type TComment = {
  id: string;
  author: 'client' | 'owner';
  authorName: string;
  body: string;
  createdAt: string;
};

/** GET /api/share/:token — the client's page. */
export type TSharedProposal = {
  status: Exclude<TProposalStatus, 'draft'>;
  /** The last day it can be accepted (the owner may have extended it since it was sent). */
  validUntil: string | null;
  revision: TRevisionSummary;
  snapshot: TRevisionSnapshot;
  /** Every revision sent so far, oldest first, for "what changed". */
  revisions: TRevisionSummary[];
  /** `/api/share/<token>/files/<id>` for the sender's logo, or null. */
  logoUrl: string | null;
  /** The free plan's "Made with Draftwell" footer. */
  showMadeWithFooter: boolean;
  acceptance: TAcceptanceCertificate | null;
  /** The sealed (digitally signed) PDF of the accepted proposal: `ready` to download at `…/sealed-pdf`. */
  sealedPdf: TSealedPdfState;
  decline: { at: string; reason: string } | null;
  comments: TComment[];
  /** The signing round as this link's signer sees it. */
  signing: TSharedSigning;
  /**
   * The payment asked for at acceptance (decision 0018): before signing, what it will come to;
   * after, where it stands. Null when none is asked for.
   */
  payment?: TSharedPayment | null;
};

/** POST /api/share/:token/views → the id the page reports its time on page to. */
export type TViewStarted = { viewId: string | null };

/** The 410 of a withdrawn or expired link: `error.details`. */
export type TShareGoneDetails = { reason: 'withdrawn' | 'expired'; senderName: string; at: string | null };

/** The client's choice as accepted, with the totals it comes to. */
export type TChosenTotals = { selection: TPricingSelection; totals: TPricingTotals };

/** POST /api/proposals/:id/send → 400 with `fields` naming each missing piece; these are the keys. */
export const SEND_CHECK_FIELDS = ['client.email', 'document', 'validUntil', 'variables'] as const;

/** GET /api/proposals/:id/share-link */
export type TShareLink = { url: string };

/** Where a proposal's sealed PDF stands, as its client's page needs it. */
export type TSealedPdfState = 'none' | 'pending' | 'ready' | 'failed';

/**
 * GET /api/proposals/:id/seal: the sealed PDF of an accepted proposal (decision 0014). `none`: not
 * asked for (accepted before sealing existed); POST to the same address asks for it, or again
 * after a failure.
 */
export type TSealStatus =
  | { status: 'none' }
  | { status: 'pending'; since: string; attempts: number; lastError: string | null }
  | {
      status: 'sealed';
      sealedAt: string;
      sha256: string;
      size: number;
      certificateFingerprint: string;
      certificateSubject: string;
    }
  | { status: 'failed'; failedAt: string; error: string };

/** GET /api/verify/certificate: the certificate this server seals PDFs with. */
export type TSealCertificate = {
  /** SHA-256 of the certificate (DER), lowercase hex. */
  fingerprint: string;
  subject: string;
  /** Generated by this server (no operator certificate): readers show it as of unknown issuer. */
  selfSigned: boolean;
  notAfter: string;
  /** Each seal carries a trusted time from an RFC 3161 server. */
  timestamped: boolean;
};

/** POST /api/verify */
export type TVerifyResult =
  | {
      match: true;
      proposalNumber: string;
      revisionNumber: number;
      revisionHash: string;
      acceptedBy: string;
      acceptedAt: string;
      /** Everyone who signed the revision, in the order they signed (the owner's countersignature among them). */
      signers: Array<{ name: string; at: string }>;
      /** The revision's sealed PDF, when one was made; `checked` when it is the very file checked. */
      seal: {
        checked: boolean;
        sealedAt: string;
        certificateFingerprint: string;
        certificateSubject: string;
      } | null;
    }
  | { match: false };
