import type { TPricingSelection } from '../document/schema';
import type { I18n } from '../i18n/i18n';
import type { TLanguage } from '../i18n/languages';
import { SIGNATURE_METHODS, type TSignatureMethod } from './signature-rules';

/**
 * Who signs a sent proposal, in what order, and the evidence each signature leaves. Types and
 * constants only: the client's page imports this module and must not pull zod (QUALITY P8); the
 * request schemas are in `share-schemas.ts`.
 *
 * A proposal has one or more client signers, each with a link of their own, and optionally the
 * owner as a countersigner (before sending, or after every client). It is accepted when every
 * required signature is in on the newest revision: a revision sent later starts the round again.
 */

/** All client signers at once, or one after another (the next is emailed when the previous signs). */
export const SIGNING_ORDERS = ['parallel', 'sequential'] as const;
export type TSigningOrder = (typeof SIGNING_ORDERS)[number];

/** The owner's own signature: none, given when sending ("pre-sign"), or after every client's. */
export const COUNTERSIGN_MODES = ['none', 'before', 'after'] as const;
export type TCountersignMode = (typeof COUNTERSIGN_MODES)[number];

export type TSignerParty = 'client' | 'owner';

/** Per proposal; set in the send dialog and kept for the next send. */
export type TSigningSettings = {
  order: TSigningOrder;
  countersign: TCountersignMode;
  /** A 6-digit code emailed to the signer before they can sign, recorded in the evidence. */
  emailCode: boolean;
  /** The ways a signer may sign: type their name, draw, upload an image. */
  methods: TSignatureMethod[];
};

export const DEFAULT_SIGNING: TSigningSettings = {
  order: 'parallel',
  countersign: 'none',
  emailCode: false,
  methods: [...SIGNATURE_METHODS],
};

/** At most this many client signers on one proposal. */
export const MAX_SIGNERS = 10;

/** How a signer showed the email address was theirs: the link mailed to it, a code mailed to it, or a signed-in account (the owner). */
export type TEmailProof = 'link' | 'code' | 'account';

/** A client signer as the owner enters them (and as the client record remembers them). */
export type TSignerContact = { name: string; email: string; role: string };

/** One signer on the owner's side, with their link and where they stand on the newest revision. */
export type TProposalSigner = TSignerContact & {
  id: string;
  /** 1, 2, 3… the signing order (in parallel signing, only the order of listing). */
  position: number;
  party: TSignerParty;
  /** The signer's own link; null for the owner (who signs in the app) and while revoked. */
  url: string | null;
  /** When their link was last emailed to them; null when it was not (yet). */
  invitedAt: string | null;
  /** When they signed the newest revision; null when they have not. */
  signedAt: string | null;
  /** Whether they can sign now (sequential order, and the owner after every client). */
  canSignNow: boolean;
};

/** GET /api/proposals/:id/signers */
export type TSigningState = {
  settings: TSigningSettings;
  signers: TProposalSigner[];
  /** Who has still to sign the newest revision, in order; empty once accepted (or before sending). */
  awaiting: TAwaitingSigner[];
};

/** Kept on the proposal so lists can say who is still to sign without reading the signers. */
export type TAwaitingSigner = { name: string; party: TSignerParty };

/** One signature, as the certificate and the PDF list it. */
export type TSignatureEvidence = {
  id: string;
  position: number;
  party: TSignerParty;
  name: string;
  email: string;
  role: string;
  /** Server time, UTC, ISO 8601. */
  signedAt: string;
  /** Null for the owner's signature in the app. */
  ipAddress: string | null;
  userAgent: string | null;
  consentText: string;
  /** SHA-256 of consentText, lowercase hex. */
  consentHash: string;
  emailProof: TEmailProof;
  /** The signature as given (typed, drawn or uploaded); null on acceptances from before marks. */
  mark: TSignatureMarkData | null;
  /**
   * The language the signer signed in (`LANGUAGES`), in which `consentText` is written; English
   * on signatures from before languages. Left out by evidence made elsewhere (test fixtures).
   */
  language?: TLanguage;
};

/** A stored signature mark (validated with `ZSignatureMark` in signature.ts when given). */
export type TSignatureMarkData =
  { kind: 'typed'; text: string } | { kind: 'drawn'; image: string } | { kind: 'uploaded'; image: string };

/** What the client's page shows of the signing round, for the signer whose link it is. */
export type TSharedSigning = {
  order: TSigningOrder;
  emailCode: boolean;
  /** The ways this proposal may be signed. */
  methods: TSignatureMethod[];
  you: TSignerContact & { id: string; signedAt: string | null };
  /** Every signer in order (the owner's countersignature included), without their addresses. */
  signers: Array<{ name: string; role: string; party: TSignerParty; signedAt: string | null; you: boolean }>;
  /** The link's signer can sign now: not signed yet, and in sequential order their turn has come. */
  yourTurn: boolean;
  /** Names of those who must sign before this signer can (sequential order). */
  waitingFor: string[];
  /** The options chosen by the first signer, fixed for everyone after them; null until someone signs. */
  fixedSelection: TPricingSelection | null;
};

/**
 * POST /api/share/:token/accept → 202 when the signature is in but others are still to sign.
 * (201 carries the acceptance certificate: the last signature completed it.)
 */
export type TSignaturePending = { complete: false; signature: TSignatureEvidence; awaiting: TAwaitingSigner[] };

/** Where a signing round stands, from its signers and the signatures on the newest revision. */
export function signingProgress<
  S extends { id: string; position: number; party: string },
  G extends { signerId: string },
>(
  settings: Pick<TSigningSettings, 'order'>,
  signers: readonly S[],
  signatures: readonly G[],
): { awaiting: S[]; canSignNow: Set<string>; complete: boolean } {
  const signed = new Set(signatures.map((s) => s.signerId));
  const ordered = [...signers].sort((a, b) => a.position - b.position);
  const awaiting = ordered.filter((s) => !signed.has(s.id));
  const canSignNow = new Set<string>();
  const clientsLeft = awaiting.filter((s) => s.party === 'client');
  if (clientsLeft.length > 0) {
    // The owner's countersignature waits for every client; clients sign together or in turn.
    for (const signer of settings.order === 'sequential' ? clientsLeft.slice(0, 1) : clientsLeft) {
      canSignNow.add(signer.id);
    }
  } else {
    for (const signer of awaiting) canSignNow.add(signer.id);
  }
  return { awaiting, canSignNow, complete: awaiting.length === 0 && ordered.length > 0 };
}

/**
 * Who is still to sign, for lists and the proposal's status line, once a round has more than the
 * client's one signature to collect: "Waiting for Frank Finance, you (countersign)"; null otherwise.
 */
export function awaitingText(
  i18n: I18n,
  proposal: {
    status: string;
    awaiting: readonly TAwaitingSigner[];
    signing: Pick<TSigningSettings, 'countersign'>;
  },
): string | null {
  if (proposal.status !== 'sent' && proposal.status !== 'viewed') return null;
  const [first] = proposal.awaiting;
  if (!first) return null;
  if (proposal.awaiting.length === 1 && first.party === 'client' && proposal.signing.countersign === 'none')
    return null;
  const names = proposal.awaiting.map((a) => (a.party === 'owner' ? i18n._('you (countersign)') : a.name)).join(', ');
  return i18n._('Waiting for {names}', { names });
}
