import { DOCUMENT_LIMITS } from '@draftwell/shared/document';
import {
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_IMAGE_MAX_HEIGHT,
  SIGNATURE_IMAGE_MAX_WIDTH,
  SIGNATURE_IMAGE_MIN_SIDE,
} from '@draftwell/shared/share/signature-rules';
import type { TApiRule } from './registry';

/**
 * What the public API refuses with a 400 that its JSON Schemas cannot say (QUALITY A31): rules
 * across fields, over the whole document, or against what is stored. Each names the field its 400
 * names, so that a client (and the A31 fuzz test) can tell a stated rule from a broken promise.
 */

/** Every keyset list. */
export const CURSOR_RULES: TApiRule[] = [
  { field: 'cursor', rule: 'A `nextCursor` from an earlier page of this list: anything else is not a cursor.' },
];

/** A proposal's or a template's document, under `prefix`. */
export const documentRules = (prefix = 'document'): TApiRule[] => [
  { field: `${prefix}.blocks.*.id`, rule: 'Block ids are unique in the document.' },
  {
    field: `${prefix}.blocks.*.lines.*.id`,
    rule: 'Pricing line ids are unique across all the document’s tables (the client’s choices are keyed by them).',
  },
  { field: `${prefix}.blocks.*.milestones.*.id`, rule: 'Milestone ids are unique within their timeline.' },
  {
    field: `${prefix}.blocks.*.lines`,
    rule: 'A choice group (`"kind": "choice"`) with lines has exactly one `selected`.',
  },
  { field: `${prefix}.blocks.*.lines.*.quantityRange.max`, rule: '`quantityRange.max` is not below its `min`.' },
  { field: `${prefix}.blocks.*.lines.*.quantity`, rule: 'Within the line’s `quantityRange`, when it has one.' },
  {
    field: `${prefix}.blocks.*.lines.*.unitPrice`,
    rule: 'The line’s total at the top of its quantity range is a whole number of minor units below 2^53 (exactly computable).',
  },
  {
    field: `${prefix}.blocks`,
    rule: `The document’s rich text comes to at most ${DOCUMENT_LIMITS.textChars} characters in all, and its largest totals stay below 2^53 minor units.`,
  },
  { field: prefix, rule: 'Its pricing can be computed: a choice group has one package chosen, and totals stay exact.' },
  {
    field: `${prefix}.blocks.*.content.**`,
    rule: `Rich text is at most ${DOCUMENT_LIMITS.richTextDepth} levels deep with at most ${DOCUMENT_LIMITS.richTextNodes} nodes.`,
  },
];

/** `POST /proposals/{id}/send`. */
export const SEND_RULES: TApiRule[] = [
  { field: 'signers', rule: 'Each signer has an email address of their own.' },
  {
    field: 'ownerSignature.mark.image',
    rule: `The image’s bytes are a PNG (drawn) or a PNG or JPEG (uploaded), ${SIGNATURE_IMAGE_MIN_SIDE}–${SIGNATURE_IMAGE_MAX_WIDTH} × ${SIGNATURE_IMAGE_MIN_SIDE}–${SIGNATURE_IMAGE_MAX_HEIGHT} pixels, at most ${SIGNATURE_IMAGE_MAX_BYTES / 1024} kB.`,
  },
  {
    field: 'ownerSignature',
    rule: 'Given when the signing settings (these or the last send’s) ask you to countersign before sending.',
  },
  { field: 'client.email', rule: 'The proposal has its client’s email address, or `signers` are given.' },
  { field: 'document', rule: 'The proposal has content.' },
  { field: 'validUntil', rule: 'The proposal’s valid-until date is set, and is today or later.' },
  { field: 'variables', rule: 'Every variable in the document has a value (the client’s details, your profile).' },
  {
    field: 'payment',
    rule: 'A one-off payment needs a one-off price, a recurring one a monthly or yearly price, and a fixed deposit a multiple of the currency’s smallest charge.',
  },
];

/** A webhook endpoint's `url`. */
export const WEBHOOK_URL_RULES: TApiRule[] = [
  {
    field: 'url',
    rule: 'Its host is public: an IP address, or a name resolving only to addresses, outside private, loopback, link-local and metadata ranges.',
  },
];

/** `GET /proposals`. */
export const ACCEPTED_RANGE_RULES: TApiRule[] = [
  { field: 'acceptedBefore', rule: 'Later than `acceptedAfter`, when both are given.' },
];
