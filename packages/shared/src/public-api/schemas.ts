import { z } from 'zod';
import { ZDocument } from '../document/schema';
import { BILLING_KINDS, type TPricingTotals } from '../document/pricing';
import { ERROR_CODES, type TApiError } from '../errors';
import { LANGUAGE_TAGS } from '../i18n/languages';
import { PROPOSAL_EVENT_TYPES, type TComment, type TProposalEvent } from '../share/share-api';
import { ZSignerContact } from '../share/share-schemas';
import { SIGNATURE_METHODS } from '../share/signature-rules';
import { COUNTERSIGN_MODES, SIGNING_ORDERS, type TAwaitingSigner, type TSigningSettings } from '../share/signing';
import type { TClient } from '../workspace/clients';
import {
  WEBHOOK_EVENT_TYPES,
  type TCreatedWebhookEndpoint,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookEndpoint,
} from '../developers/webhooks';
import { ZCurrency, ZIsoDate } from '../workspace/common';
import {
  PROPOSAL_STATUSES,
  ZProposalClient,
  ZProposalCreate,
  ZProposalListQuery,
  type TProposal,
  type TProposalSummary,
} from '../workspace/proposals';
import { ACCEPTED_LINE_KINDS, type TAcceptedLine, type TAcceptedValue } from '../share/accepted';
import type { TSavedItem } from '../workspace/saved-items';
import type { TTemplate, TTemplateList, TTemplateSummary } from '../workspace/templates';

/**
 * The public API's own schemas (issue 17, decision 0022): what `/api/v1` answers, as zod schemas
 * for the OpenAPI document, where the app has only TypeScript types. Each is checked below to be
 * exactly the app's type, so a field added to one and not the other fails `tsc`. Request bodies
 * are the app's own schemas, but for the one body only the API has (`ZApiProposalCreate`).
 */

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * `POST /api/v1/proposals`: a blank proposal, or one from a template, in one call. The document's
 * variables (`{{client.name}}`, `{{proposal.valid_until}}`…) are filled from what is set here:
 * the client (a saved one by `clientId`, or the details given in `client`), the title, the
 * currency and the valid-until date; the sender's from the account's business profile.
 */
export const ZApiProposalCreate = z.strictObject({
  /** A template to start from: one of yours (a UUID) or a starter (`starter-…`). Left out: a blank proposal. */
  templateId: z
    .string('Give the template’s id.')
    .trim()
    .min(1, 'Give the template’s id.')
    .max(100, 'That is not a template id.')
    .optional(),
  /** Left out: the template's name, or "Untitled proposal". */
  title: ZProposalCreate.shape.title,
  clientId: ZProposalCreate.shape.clientId,
  /** The client's details on this proposal; left out: those of the saved client `clientId`, if any. */
  client: ZProposalClient.optional(),
  /** Left out: the business profile's default currency. */
  currency: ZCurrency.optional(),
  /** Left out: the saved client's language, else the business profile's default language. */
  language: ZProposalCreate.shape.language,
  /** Left out: today plus the business profile's default validity. */
  validUntil: ZIsoDate.nullable().optional(),
});
export type TApiProposalCreate = z.output<typeof ZApiProposalCreate>;

/** The instants a filter is clamped to: before and after any acceptance, and within what PostgreSQL reads. */
const INSTANT_MIN = Date.UTC(1970, 0, 1);
const INSTANT_MAX = Date.UTC(9999, 11, 31);

/**
 * A moment for a list filter: a date (`2026-11-01`, midnight UTC) or a date-time with its offset
 * (`2026-11-01T09:30:00Z`, `2026-11-01T10:30:00+01:00`), to the millisecond. Answered as an ISO
 * date-time in UTC between 1970 and 9999 (a bound outside them selects the same proposals).
 */
const ZInstant = z
  .union(
    [ZIsoDate, z.iso.datetime({ offset: true })],
    'Give a date (2026-11-01) or a date-time with its offset (2026-11-01T09:30:00Z).',
  )
  .transform((text) => {
    const at = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
    return new Date(Math.min(Math.max(at, INSTANT_MIN), INSTANT_MAX)).toISOString();
  });

/**
 * `GET /api/v1/proposals`: the app's list query, and the accepted date for a CRM's sync:
 * `acceptedAfter` (from that moment on) and `acceptedBefore` (until just before it).
 */
export const ZApiProposalListQuery = ZProposalListQuery.extend({
  acceptedAfter: ZInstant.optional(),
  acceptedBefore: ZInstant.optional(),
}).refine((q) => !q.acceptedAfter || !q.acceptedBefore || Date.parse(q.acceptedAfter) < Date.parse(q.acceptedBefore), {
  path: ['acceptedBefore'],
  message: 'acceptedBefore must be later than acceptedAfter.',
});
export type TApiProposalListQuery = z.output<typeof ZApiProposalListQuery>;

/** Path parameters: any text, as the app takes them (a malformed id is a 404, never a 400). */
export const ZIdParam = z.strictObject({ id: z.string() });

// ---------------------------------------------------------------------------------------------
// Answers

export const ZApiErrorBody = z.object({
  error: z.object({
    code: z.union([z.enum(ERROR_CODES), z.string()]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.unknown().optional(),
    current: z.unknown().optional(),
    requestId: z.string().optional(),
  }),
});

const ZAmounts = z.object({ net: z.int(), discount: z.int(), tax: z.int(), total: z.int() });
export const ZPricingTotals = z.object({ one_off: ZAmounts, monthly: ZAmounts, yearly: ZAmounts });

export const ZSigningSettingsOut = z.object({
  order: z.enum(SIGNING_ORDERS),
  countersign: z.enum(COUNTERSIGN_MODES),
  emailCode: z.boolean(),
  methods: z.array(z.enum(SIGNATURE_METHODS)),
});
export const ZAwaitingSigner = z.object({ name: z.string(), party: z.enum(['client', 'owner']) });

const ZTime = z.iso.datetime({ offset: true });
const ZDate = z.iso.date();

const ZProposalClientOut = z.object({
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});

export const ZProposalSummaryOut = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  clientId: z.uuid().nullable(),
  client: ZProposalClientOut,
  currency: z.string(),
  language: z
    .enum(LANGUAGE_TAGS)
    .describe('BCP 47: the language the client’s page, the signers’ emails and the PDF speak.'),
  validUntil: ZDate.nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  totals: ZPricingTotals,
  version: z.int(),
  createdAt: ZTime,
  updatedAt: ZTime,
  sentAt: ZTime.nullable(),
  viewedAt: ZTime.nullable(),
  acceptedAt: ZTime.nullable(),
  declinedAt: ZTime.nullable(),
  expiredAt: ZTime.nullable(),
  signing: ZSigningSettingsOut,
  awaiting: z.array(ZAwaitingSigner),
});
export const ZProposalOut = ZProposalSummaryOut.extend({ document: ZDocument });

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A signature on the accepted revision. */
export const ZApiSignature = z.object({
  name: z.string().describe('The name they signed with.'),
  email: z.string(),
  role: z.string(),
  signedAt: ZTime,
  method: z
    .enum(SIGNATURE_METHODS)
    .nullable()
    .describe('How they signed: typed their name, drew, or uploaded an image; null on signatures older than these.'),
  emailProof: z
    .enum(['link', 'code', 'account'])
    .describe(
      'How their address was shown to be theirs: the emailed link, a code emailed to them, or (the owner) their account.',
    ),
  language: z
    .enum(LANGUAGE_TAGS)
    .nullable()
    .describe(
      'The language of the page they signed on, in which they agreed to the consent statement (the owner’s countersignature: the proposal’s language); null on signatures older than languages.',
    ),
});
export type TApiSignature = z.output<typeof ZApiSignature>;

export const ZAcceptedLine = z.object({
  tableId: z.string(),
  tableTitle: z.string(),
  lineId: z.string(),
  description: z.string(),
  unit: z.string(),
  billing: z.enum(BILLING_KINDS),
  kind: z
    .enum(ACCEPTED_LINE_KINDS)
    .describe(
      '`required`: always in; `optional`: the client ticked it in or left it out; `package`: one of a choice group, of which the client took one.',
    ),
  included: z.boolean().describe('Whether the client takes this line.'),
  quantity: z.int().describe('Thousandths of a unit, as chosen (1500 is 1.5).'),
  unitPrice: z.int().describe('Minor units.'),
  discountPercent: z.int().describe('Basis points.'),
  taxPercent: z.int().describe('Basis points.'),
  amounts: ZAmounts.describe('What the line comes to as chosen, in minor units; zero when left out.'),
});

export const ZAcceptedTotals = z.object({
  oneOff: z.int().describe('The one-off total, tax included, in minor units.'),
  monthly: z.int().describe('The monthly total, tax included, in minor units: charged every month.'),
  yearly: z.int().describe('The yearly total, tax included, in minor units: charged every year.'),
  currency: z.string().describe('ISO 4217, of the accepted revision.'),
});

/**
 * What was accepted (issue 24): who signed and when, the revision they signed, the client's
 * choices and what they come to. Null until every required signature is in.
 */
export const ZApiAcceptance = z
  .object({
    id: z.uuid().describe('The acceptance (its certificate).'),
    acceptedAt: ZTime.describe('When the last required signature completed it.'),
    revision: z
      .object({
        id: z.uuid(),
        number: z.int(),
        hash: z.string().describe('SHA-256 (hex) of the revision as sent: what every signer read and signed.'),
      })
      .describe('The revision accepted.'),
    signers: z.array(ZApiSignature).describe('The client’s signers, in the order they signed.'),
    countersignature: ZApiSignature.nullable().describe('Yours, when the proposal asked for it; else null.'),
    selection: z
      .record(z.string(), z.object({ selected: z.boolean().optional(), quantity: z.int().optional() }))
      .describe('The client’s choices as given, by pricing line id: options ticked in or out, quantities, packages.'),
    lines: z.array(ZAcceptedLine).describe('Every pricing line of the accepted revision with the client’s choice.'),
    totals: ZAcceptedTotals.describe('The accepted value: one-off and recurring, tax included.'),
    breakdown: ZPricingTotals.describe('The same per billing kind with net, discount and tax.'),
  })
  .describe('What the client accepted. Null until every required signature is in.');
export type TApiAcceptance = z.output<typeof ZApiAcceptance>;

const acceptanceField = {
  acceptance: ZApiAcceptance.nullable(),
};
const TOTALS_NOTE =
  'What the proposal comes to: for an accepted proposal, what the client accepted (their options, quantities and package; the same as `acceptance.breakdown`); before, the document at its own default choices.';
/** A proposal as the public API answers it: the app's, with what was accepted. */
export const ZApiProposalSummaryOut = ZProposalSummaryOut.extend({
  totals: ZPricingTotals.describe(TOTALS_NOTE),
  ...acceptanceField,
});
export const ZApiProposalOut = ZProposalOut.extend({
  totals: ZPricingTotals.describe(TOTALS_NOTE),
  ...acceptanceField,
});
export type TApiProposalSummary = z.output<typeof ZApiProposalSummaryOut>;
export type TApiProposal = z.output<typeof ZApiProposalOut>;
export const ZProposalPage = page(ZApiProposalSummaryOut);

export const ZClientOut = z.object({
  id: z.uuid(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  notes: z.string(),
  language: z
    .enum(LANGUAGE_TAGS)
    .nullable()
    .describe('BCP 47: the language this client reads; null leaves it to the business profile’s default.'),
  signers: z.array(z.object({ name: z.string(), email: z.string(), role: z.string() })),
  version: z.int(),
  createdAt: ZTime,
  updatedAt: ZTime,
});
export const ZClientPage = page(ZClientOut);

export const ZSavedItemOut = z.object({
  id: z.uuid(),
  description: z.string(),
  unit: z.string(),
  unitPrice: z.int(),
  currency: z.string(),
  taxRate: z.int(),
  billing: z.enum(BILLING_KINDS),
  version: z.int(),
  createdAt: ZTime,
  updatedAt: ZTime,
});
export const ZSavedItemPage = page(ZSavedItemOut);

export const ZTemplateSummaryOut = z.object({
  id: z.string(),
  kind: z.enum(['starter', 'own']),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  version: z.int(),
  createdAt: ZTime.nullable(),
  updatedAt: ZTime.nullable(),
});
export const ZTemplateOut = ZTemplateSummaryOut.extend({ document: ZDocument });
export const ZTemplateListOut = z.object({
  starters: z.array(ZTemplateSummaryOut),
  items: z.array(ZTemplateSummaryOut),
  nextCursor: z.string().nullable(),
});

export const ZProposalEventOut = z.object({
  seq: z.int(),
  proposalId: z.uuid(),
  type: z.enum(PROPOSAL_EVENT_TYPES),
  actor: z.enum(['owner', 'client', 'system']),
  at: ZTime,
  revisionNumber: z.int().nullable(),
  data: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const ZProposalEventList = z.object({ items: z.array(ZProposalEventOut) });

export const ZCommentOut = z.object({
  id: z.uuid(),
  author: z.enum(['client', 'owner']),
  authorName: z.string(),
  body: z.string(),
  createdAt: ZTime,
});
export const ZCommentList = z.object({ items: z.array(ZCommentOut) });

export const ZWebhookEndpointOut = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  secretPreview: z
    .string()
    .describe(
      'The start of the secret ("whsec_Ab3d…", in standard base64): the secret itself is shown only when made or rolled.',
    ),
  enabled: z.boolean(),
  disabledAt: ZTime.nullable(),
  disabledReason: z
    .string()
    .nullable()
    .describe('Why it was turned off: by its owner, or after three days of failed deliveries.'),
  createdAt: ZTime,
});
export const ZWebhookEndpointList = z.object({ items: z.array(ZWebhookEndpointOut) });
export const ZCreatedWebhookEndpointOut = z.object({
  secret: z
    .string()
    .describe(
      'The signing secret, shown this once: `whsec_` and 32 random bytes in standard base64 (44 characters), a Standard Webhooks secret.',
    ),
  endpoint: ZWebhookEndpointOut,
});
export const ZWebhookDeliveryOut = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  endpointId: z.uuid(),
  eventId: z.string().describe('`evt_…`: the same on every retry and resend; receivers dedupe by it.'),
  eventType: z.string(),
  proposalId: z.uuid().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: ZTime.nullable(),
  nextAttemptAt: ZTime.nullable(),
  deliveredAt: ZTime.nullable(),
  resendOf: z.uuid().nullable(),
  createdAt: ZTime,
});
export const ZWebhookDeliveryPage = z.object({
  items: z.array(ZWebhookDeliveryOut),
  nextBefore: z.number().int().nullable().describe('Pass as `before` for the next (older) page; null at the end.'),
});

/** What a webhook endpoint receives (decision 0021): one event, signed. */
export const ZWebhookEventOut = z.object({
  id: z.string().describe('`evt_…`: the same on every retry and resend; dedupe by it.'),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: ZTime,
  data: z.object({
    proposal: z.object({ id: z.uuid(), number: z.string(), title: z.string() }),
    actor: z.enum(['owner', 'client', 'system']),
    revisionNumber: z.int().nullable(),
    details: z.record(z.string(), z.unknown()).describe('What the timeline recorded of the event.'),
  }),
});
/** `proposal.accepted`: the same, with what was accepted, as `GET /proposals/{id}` answers it. */
export const ZProposalAcceptedEventOut = ZWebhookEventOut.extend({
  type: z.literal('proposal.accepted'),
  data: ZWebhookEventOut.shape.data.extend({ acceptance: ZApiAcceptance }),
});

// ---------------------------------------------------------------------------------------------
// Each answer schema is exactly the app's type (a compile-time check, no code at run time).

type TSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(ok: TSame<A, B>) => ok;
export const RESPONSE_SCHEMAS_MATCH_TYPES = [
  same<z.output<typeof ZProposalOut>, TProposal>(true),
  same<z.output<typeof ZProposalSummaryOut>, TProposalSummary>(true),
  same<z.output<typeof ZPricingTotals>, TPricingTotals>(true),
  same<z.output<typeof ZSigningSettingsOut>, TSigningSettings>(true),
  same<z.output<typeof ZAwaitingSigner>, TAwaitingSigner>(true),
  same<z.output<typeof ZClientOut>, TClient>(true),
  same<z.output<typeof ZSavedItemOut>, TSavedItem>(true),
  same<z.output<typeof ZTemplateOut>, TTemplate>(true),
  same<z.output<typeof ZTemplateSummaryOut>, TTemplateSummary>(true),
  same<z.output<typeof ZTemplateListOut>, TTemplateList>(true),
  same<z.output<typeof ZProposalEventOut>, TProposalEvent>(true),
  same<z.output<typeof ZCommentOut>, TComment>(true),
  same<z.output<typeof ZWebhookEndpointOut>, TWebhookEndpoint>(true),
  same<z.output<typeof ZCreatedWebhookEndpointOut>, TCreatedWebhookEndpoint>(true),
  same<z.output<typeof ZWebhookDeliveryOut>, TWebhookDelivery>(true),
  same<z.output<typeof ZWebhookDeliveryPage>, TWebhookDeliveryPage>(true),
  same<z.output<typeof ZApiErrorBody>['error']['message'], TApiError['error']['message']>(true),
  same<z.output<typeof ZSignerContact>, { name: string; email: string; role: string }>(true),
  same<z.output<typeof ZAcceptedLine>, TAcceptedLine>(true),
  same<z.output<typeof ZAcceptedTotals>, TAcceptedValue>(true),
  same<TApiProposal, TProposal & { acceptance: TApiAcceptance | null }>(true),
  same<TApiProposalSummary, TProposalSummary & { acceptance: TApiAcceptance | null }>(true),
] as const;
