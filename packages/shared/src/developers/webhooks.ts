import { z } from 'zod';
import type { I18n } from '../i18n/i18n';
import { declared as i18n } from '../i18n/declare';

/**
 * Signed webhooks (issue 17, decisions 0021 and 0028): an owner's HTTPS endpoint is told about
 * their proposals' events, each request signed with the endpoint's secret twice: the Standard
 * Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and, until it is
 * retired, `Draftwell-Signature` (like Stripe's). The secret is shown once when made (and when rolled).
 */

/** The events an endpoint may subscribe to, as the receiver sees them (`type` in the body). */
export const WEBHOOK_EVENT_TYPES = [
  'proposal.sent',
  'proposal.viewed',
  'proposal.commented',
  'proposal.signed',
  'proposal.accepted',
  'proposal.declined',
  'proposal.expired',
  'proposal.paid',
  'proposal.withdrawn',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event the *Send test event* button sends (to any endpoint, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** What an event means, in `i18n`'s language (the API's documentation says it in English). */
export function webhookEventLabel(i18n: I18n, type: TWebhookEventType): string {
  switch (type) {
    case 'proposal.sent':
      return i18n._('Sent to the client');
    case 'proposal.viewed':
      return i18n._('Opened by the client');
    case 'proposal.commented':
      return i18n._('A comment was added');
    case 'proposal.signed':
      return i18n._('A signer signed (each signer)');
    case 'proposal.accepted':
      return i18n._('Accepted (every signature in)');
    case 'proposal.declined':
      return i18n._('Declined');
    case 'proposal.expired':
      return i18n._('Expired unanswered');
    case 'proposal.paid':
      return i18n._('Paid (Stripe or marked paid)');
    case 'proposal.withdrawn':
      return i18n._('Withdrawn');
  }
}

/**
 * The older signature header, to be retired (decision 0028, step 3): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">`, keyed by the secret's whole text as its owner was shown it.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Draftwell-Signature';
/**
 * The Standard Webhooks headers (lower case, as sent): the event id (the same on every retry and
 * resend), unix seconds, and `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed by the
 * bytes the secret's base64 decodes to.
 */
export const WEBHOOK_STANDARD_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
/** How far a signature's timestamp may be from the receiver's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * Every secret starts so; then 32 random bytes in standard base64 (44 characters with the `=`).
 * Secrets made before 2026-11-29 are base64url (43 characters, `-` and `_` for `+` and `/`): the
 * same bytes, shown in the standard form since.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Endpoints an account may hold. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const ZUrl = z
  .string(i18n._('Enter the endpoint’s URL, e.g. https://example.com/hooks/draftwell.'))
  .trim()
  .min(1, i18n._('Enter the endpoint’s URL, e.g. https://example.com/hooks/draftwell.'))
  .max(2000, i18n._('Use a URL of at most 2000 characters.'))
  .regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+\S*$/i, i18n._('Enter a full URL, e.g. https://example.com/hooks/draftwell.'))
  // What the server takes, for the OpenAPI document: https, a host without a user name or
  // password. (A development server with WEBHOOKS_ALLOW_HTTP_LOOPBACK=1 also takes http:// to
  // its own machine, which the document does not offer.)
  .meta({
    format: 'uri',
    pattern: '^https://[^\\s/?#@]+(?:[/?#]\\S*)?$',
    examples: ['https://hooks.example.com/draftwell', 'https://crm.example.org/webhooks/draftwell?source=proposals'],
  });

const ZEvents = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, `Choose among the events: ${WEBHOOK_EVENT_TYPES.join(', ')}.`),
    i18n._('Choose its events.'),
  )
  .min(1, i18n._('Choose at least one event.'))
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, i18n._('Name each event once.'))
  .meta({ uniqueItems: true });

const ZDescription = z.string().trim().max(200, i18n._('Use at most 200 characters for the description.'));

export const ZWebhookEndpointCreate = z.strictObject({
  url: ZUrl,
  description: ZDescription.default(''),
  events: ZEvents,
});
export type TWebhookEndpointCreate = z.input<typeof ZWebhookEndpointCreate>;

/** A change to an endpoint; `enabled: true` turns a disabled one back on. */
export const ZWebhookEndpointUpdate = z.strictObject({
  url: ZUrl.optional(),
  description: ZDescription.optional(),
  events: ZEvents.optional(),
  enabled: z.boolean('Say true or false.').optional(),
});
export type TWebhookEndpointUpdate = z.input<typeof ZWebhookEndpointUpdate>;

export const ZWebhookDeliveryQuery = z.strictObject({
  /** Deliveries older than this one (its `seq`), for the next page. */
  before: z.coerce.number('Give a delivery’s seq.').int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export type TWebhookEndpoint = {
  id: string;
  url: string;
  description: string;
  events: TWebhookEventType[];
  /** "whsec_Ab3d…", in standard base64: the secret itself is shown only when made or rolled. */
  secretPreview: string;
  enabled: boolean;
  disabledAt: string | null;
  /** Why it was turned off (by the owner, or after three days of failures). */
  disabledReason: string | null;
  createdAt: string;
};

/** The answer to creating an endpoint or rolling its secret: the secret, shown this once. */
export type TCreatedWebhookEndpoint = { secret: string; endpoint: TWebhookEndpoint };

export type TWebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export type TWebhookDelivery = {
  id: string;
  seq: number;
  endpointId: string;
  /** `evt_…`: the same on every retry and resend; receivers dedupe by it. */
  eventId: string;
  eventType: string;
  proposalId: string | null;
  status: TWebhookDeliveryStatus;
  attempts: number;
  /** HTTP status of the last answer, null when none came. */
  responseStatus: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  resendOf: string | null;
  createdAt: string;
};

export type TWebhookDeliveryPage = { items: TWebhookDelivery[]; nextBefore: number | null };
