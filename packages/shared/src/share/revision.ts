import type { I18n } from '../i18n/i18n';
import type { TLanguage } from '../i18n/languages';
import type { TDocument } from '../document/schema';
import type { TPricingSelection } from '../document/schema';
import type { TPricingTotals } from '../document/pricing';
import type { TProposalClient } from '../workspace/proposals';
import type { TSignatureMethod } from './signature-rules';
import type { TSignatureEvidence } from './signing';

/**
 * A sent proposal as it was frozen: what the client sees, what the PDF prints and what an
 * acceptance points at. Immutable once written; its SHA-256 (over `canonicalJson`) is the
 * revision hash printed on the certificate. Types only: the client's page imports this module
 * and must not pull zod (QUALITY P8).
 */
export type TRevisionSender = {
  name: string;
  company: string;
  jobTitle: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  /** #rrggbb */
  brandColor: string;
  /** A stored file of the owner's, or null. */
  logoFileId: string | null;
  /**
   * The profile's document locale when it was sent (`documentLocale` reads it): every date of the
   * revision is written in it. Revisions sent before profiles had one have none: en-US.
   */
  locale?: string;
};

export type TRevisionSnapshot = {
  proposalId: string;
  /** P-2026-0042 */
  number: string;
  title: string;
  client: TProposalClient;
  currency: string;
  /**
   * The language the client's page, the signers' emails and the PDF speak for this revision (a
   * BCP 47 tag of `LANGUAGES`). Absent on revisions sent before proposals had one: English.
   */
  language?: TLanguage;
  /** yyyy-mm-dd or null */
  validUntil: string | null;
  document: TDocument;
  /** As the sender set the options (before any client choice). */
  totals: TPricingTotals;
  sender: TRevisionSender;
  /** The owner's note in the email that sent it; '' when none. */
  message: string;
  /** Server time (UTC, ISO 8601) the revision was frozen. */
  sentAt: string;
};

export type TRevisionSummary = {
  id: string;
  /** 1, 2, 3… per proposal, in sending order. */
  number: number;
  /** SHA-256 of the snapshot's canonical JSON, lowercase hex. */
  hash: string;
  createdAt: string;
};

export type TRevision = TRevisionSummary & { snapshot: TRevisionSnapshot };

/**
 * JSON with object keys sorted at every level and no whitespace, so the same snapshot always
 * hashes the same. `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const out = JSON.stringify(value);
    if (out === undefined) throw new TypeError('canonicalJson: a value that JSON cannot hold');
    return out;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The statement a signer agrees to, for the way they sign: the sign forms show it as the signer
 * chooses a way, and the server records it (and its SHA-256) from the mark it receives, never
 * from text the browser sends, so what was shown is what was recorded. One whole statement per
 * way, in the signer's language; the English must never change (hashes of it are recorded).
 */
export function consentText(i18n: I18n, method: TSignatureMethod): string {
  switch (method) {
    case 'typed':
      return i18n._(
        'I have read this proposal and accept it on the terms it states. I agree that typing my full name and ticking this box is my electronic signature, as binding as a handwritten one, and that Draftwell records my name, email address, IP address, browser and the time of acceptance as evidence.',
      );
    case 'drawn':
      return i18n._(
        'I have read this proposal and accept it on the terms it states. I agree that drawing my signature and ticking this box is my electronic signature, as binding as a handwritten one, and that Draftwell records my name, email address, IP address, browser and the time of acceptance as evidence.',
      );
    case 'uploaded':
      return i18n._(
        'I have read this proposal and accept it on the terms it states. I agree that uploading an image of my signature and ticking this box is my electronic signature, as binding as a handwritten one, and that Draftwell records my name, email address, IP address, browser and the time of acceptance as evidence.',
      );
  }
}

/** The evidence of an acceptance, shown on the certificate page and printed in the PDF. */
export type TAcceptanceCertificate = {
  id: string;
  proposalNumber: string;
  proposalTitle: string;
  senderName: string;
  senderCompany: string;
  name: string;
  email: string;
  /** Server time, UTC, ISO 8601. */
  acceptedAt: string;
  ipAddress: string;
  userAgent: string;
  revisionNumber: number;
  revisionHash: string;
  /** The first client signer's statement; each signature carries its own (`signatures`). */
  consentText: string;
  /** SHA-256 of consentText, lowercase hex. */
  consentHash: string;
  selection: TPricingSelection;
  /** Totals with the client's choices. */
  totals: TPricingTotals;
  currency: string;
  /**
   * Every signature, in the order given. `name`, `email`, `ipAddress`… above are the first client
   * signer's (the one whose choices were accepted). Acceptances from before several signers list
   * their one signer here.
   */
  signatures: TSignatureEvidence[];
};
