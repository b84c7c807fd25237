import { z } from 'zod';
import { MAX_SECTIONS } from '../document/sections';
import { ZPricingSelection } from '../document/schema';
import { ZIsoDate, ZLanguage, ZVersion } from '../workspace/common';
import { COUNTERSIGN_MODES, MAX_SIGNERS, SIGNING_ORDERS } from './signing';
import { ZSignatureMark, ZSignatureMethods } from './signature';
import { ZPaymentTerms } from '../payments-schemas';

/** Request bodies of the sending and client-side routes, validated by the server. */

const SHA256_HEX = /^[0-9a-f]{64}$/;

const ZName = z
  .string('Type your full name.')
  .trim()
  .min(2, 'Type your full name.')
  .max(200, 'Use at most 200 characters for your name.');

const ZEmail = z.email('Enter a valid email address, like name@example.com.').max(254);

/** A client signer as the owner enters them in the send dialog. */
export const ZSignerContact = z.strictObject({
  name: z
    .string('Type the signer’s full name.')
    .trim()
    .min(2, 'Type the signer’s full name.')
    .max(200, 'Use at most 200 characters for a name.'),
  email: ZEmail,
  role: z.string().trim().max(100, 'Use at most 100 characters for a role.').default(''),
});

export const ZSigningSettings = z.strictObject({
  order: z.enum(SIGNING_ORDERS, 'Choose “all at once” or “in order”.'),
  countersign: z.enum(COUNTERSIGN_MODES, 'Choose none, before sending or after the client.'),
  emailCode: z.boolean('Say whether signers must enter a code from their email.'),
  methods: ZSignatureMethods.unwrap(),
});

/** The owner's own signature, in the app: when countersigning, or pre-signing as they send. */
export const ZOwnerSignature = z.strictObject({
  name: ZName,
  consent: z.literal(true, 'Tick the box to agree to the terms of the electronic signature.'),
  /** Left out: the name typed, in the handwriting font. */
  mark: ZSignatureMark.optional(),
  /**
   * The language the owner read the consent statement in (the app's): it is the text recorded and
   * hashed, with the language, in the evidence. Left out: English.
   */
  language: ZLanguage.optional(),
});

export const ZSendProposal = z.strictObject({
  /** The version the owner looked at: a proposal changed since answers 409. */
  version: ZVersion,
  message: z.string('Write a message, or leave it empty.').trim().max(2000, 'Use at most 2000 characters.').default(''),
  /**
   * Who signs, in order. Left out: those of the last send, or else the proposal's client. Each
   * signer whose address is unchanged keeps their link.
   */
  signers: z
    .array(ZSignerContact)
    .min(1, 'Add at least one signer.')
    .max(MAX_SIGNERS, `Add at most ${MAX_SIGNERS} signers.`)
    .refine(
      (list) => new Set(list.map((s) => s.email.toLowerCase())).size === list.length,
      'Each signer needs their own email address.',
    )
    .optional(),
  /** Left out: as last time (all at once, no countersignature, no code by default). */
  signing: ZSigningSettings.partial().optional(),
  /** Required when countersigning before sending. */
  ownerSignature: ZOwnerSignature.optional(),
  /** What the client pays after signing (decision 0018). Left out: as last time (none the first time). */
  payment: ZPaymentTerms.optional(),
});
export type TSendProposal = z.input<typeof ZSendProposal>;

/** A reminder to the client of a proposal awaiting an answer (paid plans). */
export const ZRemindProposal = z.strictObject({
  message: z.string('Write a message, or leave it empty.').trim().max(2000, 'Use at most 2000 characters.').default(''),
});
export type TRemindProposal = z.input<typeof ZRemindProposal>;

export const ZExtendProposal = z.strictObject({
  validUntil: ZIsoDate,
});
export type TExtendProposal = z.infer<typeof ZExtendProposal>;

export const ZAcceptProposal = z.strictObject({
  name: ZName,
  /** The address the link was sent to: a signer cannot sign as someone else. */
  email: ZEmail,
  consent: z.literal(true, 'Tick the box to agree to the terms of the electronic signature.'),
  /** The revision the client read: a newer one answers 409 so they read it first. */
  revisionHash: z.string().regex(SHA256_HEX, 'That revision is not one of this proposal’s.'),
  /** The first signer's choices; those after them sign the same (theirs is ignored). */
  selection: ZPricingSelection.default({}),
  /** The signature: typed, drawn or uploaded, as the proposal allows. Left out: the name, typed. */
  mark: ZSignatureMark.optional(),
  /** The code emailed to the signer, when the proposal asks for one. */
  code: z
    .string('Type the 6-digit code from the email.')
    .trim()
    .regex(/^\d{6}$/, 'Type the 6-digit code from the email.')
    .optional(),
  /**
   * The language the signer's page showed (a tag of `LANGUAGES`): the consent statement recorded
   * and their receipt are in it. Left out: the proposal's language.
   */
  language: ZLanguage.optional(),
});
export type TAcceptProposal = z.input<typeof ZAcceptProposal>;

export const ZDeclineProposal = z.strictObject({
  reason: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
});
export type TDeclineProposal = z.input<typeof ZDeclineProposal>;

/** The owner countersigning in the app, on the revision they read. */
export const ZCountersign = ZOwnerSignature.extend({
  revisionHash: z.string().regex(SHA256_HEX, 'That revision is not one of this proposal’s.'),
});
export type TCountersign = z.input<typeof ZCountersign>;

/** Correcting one signer without sending the proposal again; a new address gets a new link. */
export const ZSignerPatch = z
  .strictObject({
    name: ZSignerContact.shape.name.optional(),
    email: ZEmail.optional(),
    role: z.string().trim().max(100, 'Use at most 100 characters for a role.').optional(),
  })
  .refine(
    (patch) => Object.values(patch).some((v) => v !== undefined),
    'Change the name, the email address or the role.',
  );
export type TSignerPatch = z.input<typeof ZSignerPatch>;

export const ZClientComment = z.strictObject({
  name: ZName,
  body: z.string('Write a comment.').trim().min(1, 'Write a comment.').max(5000, 'Use at most 5000 characters.'),
});
export type TClientComment = z.infer<typeof ZClientComment>;

/** A comment's event (the activity feed, notifications) carries its first characters, up to this many. */
export const COMMENT_EXCERPT_MAX = 140;

export const ZOwnerComment = z.strictObject({
  body: z.string('Write a reply.').trim().min(1, 'Write a reply.').max(5000, 'Use at most 5000 characters.'),
});
export type TOwnerComment = z.infer<typeof ZOwnerComment>;

export const ZViewBeacon = z.strictObject({
  /** Seconds the page has been visible so far. */
  seconds: z.int().min(0).max(86_400),
  /**
   * Seconds so far on each of the revision's sections (`documentSections`), by index; given by
   * pages that track them. The server names them and keeps the largest figure of each.
   */
  sections: z
    .array(z.int().min(0).max(86_400), 'Send the seconds on each section as a list of whole numbers.')
    .max(MAX_SECTIONS, `A document has at most ${MAX_SECTIONS} sections counted.`)
    .optional(),
});

export const ZVerifyHash = z.strictObject({
  hash: z
    .string('Paste the hash from the certificate.')
    .trim()
    .toLowerCase()
    .regex(SHA256_HEX, 'A hash is 64 characters of 0-9 and a-f, as printed on the certificate.'),
});

/** Without `after`: only where the feed stands now (a fresh tab starts there). With it: what came since. */
export const ZNotificationQuery = z.strictObject({
  after: z.coerce.number('Give `after` as a number.').int('Give `after` as a whole number.').min(0).optional(),
});
