import { z } from 'zod';
import { ZPricingSelection } from '../document/schema';
import { ZIsoDate, ZVersion } from '../workspace/common';

/** Request bodies of the sending and client-side routes, validated by the server. */

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const ZSendProposal = z.strictObject({
  /** The version the owner looked at: a proposal changed since answers 409. */
  version: ZVersion,
  message: z.string('Write a message, or leave it empty.').trim().max(2000, 'Use at most 2000 characters.').default(''),
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

const ZName = z
  .string('Type your full name.')
  .trim()
  .min(2, 'Type your full name.')
  .max(200, 'Use at most 200 characters for your name.');

export const ZAcceptProposal = z.strictObject({
  name: ZName,
  email: z.email('Enter a valid email address, like name@example.com.').max(254),
  consent: z.literal(true, 'Tick the box to agree to the terms of the electronic signature.'),
  /** The revision the client read: a newer one answers 409 so they read it first. */
  revisionHash: z.string().regex(SHA256_HEX, 'That revision is not one of this proposal’s.'),
  selection: ZPricingSelection.default({}),
});
export type TAcceptProposal = z.input<typeof ZAcceptProposal>;

export const ZDeclineProposal = z.strictObject({
  reason: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
});
export type TDeclineProposal = z.input<typeof ZDeclineProposal>;

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
