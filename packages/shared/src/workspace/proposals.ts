import { z } from 'zod';
import { ZDocument, type TDocument } from '../document/schema';
import type { TPricingTotals } from '../document/pricing';
import type { TLanguage } from '../i18n/languages';
import { optionalEmail, ZCurrency, ZIsoDate, ZLanguage, ZVersion } from './common';
import type { TAwaitingSigner, TSigningSettings } from '../share/signing';
import { declared as i18n } from '../i18n/declare';

/** A draft is a proposal whose status is `draft`; the others are reached only through transitions. */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired'] as const;
export type TProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_TITLE_MAX = 200;
export const PROPOSAL_LIST_LIMIT = { default: 30, max: 100 } as const;

const ZTitle = z
  .string(i18n._('Enter a title.'))
  .trim()
  .min(1, i18n._('Enter a title.'))
  .max(PROPOSAL_TITLE_MAX, `Use at most ${PROPOSAL_TITLE_MAX} characters for the title.`);

const ZClientId = z.uuid(i18n._('Pick one of your saved clients.'));

const clientText = (label: string, max: number) =>
  z.string().trim().max(max, `Use at most ${max} characters for the ${label}.`).default('');

/** The client's details as they stand on this proposal (a saved client may change later). */
export const ZProposalClient = z.strictObject({
  name: clientText('name', 200),
  company: clientText('company', 200),
  email: optionalEmail().default(''),
  phone: clientText('phone', 50),
  address: clientText('address', 1000),
});
export type TProposalClient = z.output<typeof ZProposalClient>;

export const ZProposalCreate = z.strictObject({
  title: ZTitle.optional(),
  clientId: ZClientId.optional(),
  /** Left out: the client's language, else the profile's default. */
  language: ZLanguage.optional(),
});
export type TProposalCreate = z.infer<typeof ZProposalCreate>;

/**
 * What an owner may change on a draft. Strict: `ownerId`, `status`, `number`, `totals`, the
 * timestamps… are refused by name (QUALITY A2); totals are always computed on the server.
 */
/**
 * An autosave's idempotency key: the editor session that sends it (a random id) and the save's
 * number there, counting up. A save that committed but whose answer was lost is sent again with
 * a higher number; the server applies it on top of that session's own last save instead of
 * answering 409, and answers a repeat of an applied number with the record as it stands.
 */
export const ZSaveKey = z.strictObject({
  writer: z.uuid('The save key names its editor session by a UUID.'),
  seq: z
    .int('Number the saves with whole numbers.')
    .min(1, 'Number the saves from 1.')
    .max(2_147_483_647, 'That save number is too large.'),
});
export type TSaveKey = z.infer<typeof ZSaveKey>;

export const ZProposalPatch = z.strictObject({
  version: ZVersion,
  title: ZTitle.optional(),
  client: ZProposalClient.optional(),
  clientId: ZClientId.nullable().optional(),
  currency: ZCurrency.optional(),
  language: ZLanguage.optional(),
  validUntil: ZIsoDate.nullable().optional(),
  document: ZDocument.optional(),
  saveKey: ZSaveKey.optional(),
});
export type TProposalPatch = z.infer<typeof ZProposalPatch>;

export const ZProposalListQuery = z.strictObject({
  cursor: z.string().max(1000, 'That page cursor is not valid.').optional(),
  limit: z.coerce
    .number('Give the page size as a number.')
    .int('Give the page size as a whole number.')
    .min(1, 'Ask for at least 1 proposal.')
    .max(PROPOSAL_LIST_LIMIT.max, `Ask for at most ${PROPOSAL_LIST_LIMIT.max} proposals at a time.`)
    .default(PROPOSAL_LIST_LIMIT.default),
  q: z.string().trim().max(200, 'Search with at most 200 characters.').optional(),
  status: z.enum(PROPOSAL_STATUSES, { error: `Filter by one of: ${PROPOSAL_STATUSES.join(', ')}.` }).optional(),
});
export type TProposalListQuery = z.output<typeof ZProposalListQuery>;

/** A proposal as the API answers it; times are ISO 8601 strings in UTC. */
export type TProposal = {
  id: string;
  /** Per user, never reused: P-2026-0042. */
  number: string;
  title: string;
  clientId: string | null;
  client: TProposalClient;
  currency: string;
  /** The language the client's page, the signers' emails and the PDF speak (a BCP 47 tag). */
  language: TLanguage;
  /** yyyy-mm-dd */
  validUntil: string | null;
  status: TProposalStatus;
  document: TDocument;
  /** Computed on the server from the document at every save. */
  totals: TPricingTotals;
  version: number;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  viewedAt: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  expiredAt: string | null;
  /** Who signs in what order (set when sending). */
  signing: TSigningSettings;
  /** Who has still to sign the newest revision, in order; empty unless it awaits signatures. */
  awaiting: TAwaitingSigner[];
};

/** A proposal in a list: everything but the document. */
export type TProposalSummary = Omit<TProposal, 'document'>;

/**
 * What the client accepted: the totals of their choices (options, quantities), in the accepted
 * revision's currency, as on the certificate; the proposal's own `totals` are the sender's defaults.
 */
export type TAcceptedTotals = { currency: string; totals: TPricingTotals };

/** A proposal in the app's list: its summary and, once accepted, what was accepted (issue 24). */
export type TProposalListItem = TProposalSummary & { accepted: TAcceptedTotals | null };
