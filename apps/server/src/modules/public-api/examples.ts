import type { TClient } from '@draftwell/shared/workspace/clients';
import type { TWebhookDelivery, TWebhookEndpoint, TWebhookEventType } from '@draftwell/shared/developers/webhooks';
import { documentTotals, type TBillingKind, type TPricingLine } from '@draftwell/shared/document';
import type {
  TApiAcceptance,
  TApiProposal,
  TApiProposalSummary,
  ZWebhookEventOut,
} from '@draftwell/shared/public-api/schemas';
import type { z } from 'zod';
import { acceptedLines, acceptedValue } from '@draftwell/shared/share/accepted';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import type { TTemplate } from '@draftwell/shared/workspace/templates';

/** Examples in the OpenAPI document (typed as the answers they stand for; a test checks them against the schemas). */

const zero = { net: 0, discount: 0, tax: 0, total: 0 };

export const EXAMPLE_PROPOSAL_SUMMARY: TApiProposalSummary = {
  id: '3f2b8c1e-6a4d-4f7b-9c2e-1d5a7b9e0f12',
  number: 'P-2026-0042',
  title: 'Website redesign for Acme',
  clientId: null,
  client: { name: 'Dana Reyes', company: 'Acme Inc.', email: 'dana@acme.example', phone: '', address: '' },
  currency: 'USD',
  language: 'en',
  validUntil: '2026-12-31',
  status: 'draft',
  totals: { one_off: { net: 1_200_000, discount: 0, tax: 0, total: 1_200_000 }, monthly: zero, yearly: zero },
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
  viewedAt: null,
  acceptedAt: null,
  declinedAt: null,
  expiredAt: null,
  signing: { order: 'parallel', countersign: 'none', emailCode: false, methods: ['typed', 'drawn', 'uploaded'] },
  awaiting: [],
  acceptance: null,
};

const pricingLine = (
  id: string,
  description: string,
  billing: TBillingKind,
  unitPrice: number,
  more: Partial<TPricingLine> = {},
): TPricingLine => ({
  id,
  description,
  quantity: 1000,
  unit: '',
  unitPrice,
  discountPercent: 0,
  taxPercent: 0,
  billing,
  optional: false,
  selected: true,
  ...more,
});

/** A setup fee with an optional audit, a choice of two retainers, and support hours the client may raise. */
export const EXAMPLE_RETAINER_DOCUMENT: TApiProposal['document'] = {
  version: 1,
  blocks: [
    {
      id: 'one-off',
      type: 'pricing_table',
      title: 'One-off',
      kind: 'lines',
      lines: [
        pricingLine('setup', 'Setup and onboarding', 'one_off', 275_000),
        pricingLine('seo', 'SEO audit', 'one_off', 40_000, { optional: true, selected: false }),
      ],
    },
    {
      id: 'retainer',
      type: 'pricing_table',
      title: 'Retainer',
      kind: 'choice',
      lines: [
        pricingLine('starter', 'Starter plan', 'monthly', 300_000),
        pricingLine('growth', 'Growth plan', 'monthly', 450_000, { selected: false }),
      ],
    },
    {
      id: 'support',
      type: 'pricing_table',
      title: 'Support',
      kind: 'lines',
      lines: [
        pricingLine('hours', 'Support hours', 'monthly', 12_000, {
          unit: 'hour',
          quantity: 10_000,
          quantityRange: { min: 5_000, max: 40_000 },
        }),
      ],
    },
  ],
};

const EXAMPLE_SELECTION = {
  seo: { selected: true },
  starter: { selected: false },
  growth: { selected: true },
  hours: { quantity: 12_000 },
};
const EXAMPLE_ACCEPTED_BREAKDOWN = documentTotals(EXAMPLE_RETAINER_DOCUMENT, EXAMPLE_SELECTION);

/**
 * What the retainer's client accepted: the audit ticked in, the larger plan, 12 support hours;
 * two signers in order, then the owner's countersignature. Its lines and totals are computed from
 * the document and the choices, as the server computes them.
 */
export const EXAMPLE_ACCEPTANCE: TApiAcceptance = {
  id: '6b0f2c4e-8a1d-4e3b-9f5c-2d7a1e0b3c4f',
  acceptedAt: '2026-11-24T16:02:11.000Z',
  revision: {
    id: '2e4c6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e7b',
    number: 2,
    hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  },
  signers: [
    {
      name: 'Dana Reyes',
      email: 'dana@acme.example',
      role: 'CEO',
      signedAt: '2026-11-24T15:40:02.000Z',
      method: 'drawn',
      emailProof: 'link',
      language: 'en',
    },
    {
      name: 'Sam Ortiz',
      email: 'sam@acme.example',
      role: 'CFO',
      signedAt: '2026-11-24T15:58:47.000Z',
      method: 'typed',
      emailProof: 'code',
      language: 'es',
    },
  ],
  countersignature: {
    name: 'Olivia Owner',
    email: 'olivia@studio.example',
    role: '',
    signedAt: '2026-11-24T16:02:11.000Z',
    method: 'typed',
    emailProof: 'account',
    language: 'en',
  },
  selection: EXAMPLE_SELECTION,
  lines: acceptedLines(EXAMPLE_RETAINER_DOCUMENT, EXAMPLE_SELECTION),
  totals: acceptedValue(EXAMPLE_ACCEPTED_BREAKDOWN, 'USD'),
  breakdown: EXAMPLE_ACCEPTED_BREAKDOWN,
};

/** The same proposal once accepted: `totals` are what the client took. */
export const EXAMPLE_ACCEPTED_PROPOSAL_SUMMARY: TApiProposalSummary = {
  ...EXAMPLE_PROPOSAL_SUMMARY,
  id: '4a3b2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d',
  number: 'P-2026-0041',
  title: 'Monthly retainer for Acme',
  status: 'accepted',
  totals: EXAMPLE_ACCEPTANCE.breakdown,
  version: 4,
  updatedAt: '2026-11-24T16:02:11.000Z',
  sentAt: '2026-11-21T09:00:00.000Z',
  viewedAt: '2026-11-21T09:12:30.000Z',
  acceptedAt: EXAMPLE_ACCEPTANCE.acceptedAt,
  signing: { order: 'sequential', countersign: 'after', emailCode: true, methods: ['typed', 'drawn', 'uploaded'] },
  acceptance: EXAMPLE_ACCEPTANCE,
};

export const EXAMPLE_DOCUMENT: TApiProposal['document'] = {
  version: 1,
  blocks: [
    {
      id: 'intro',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello Dana, here is our proposal.' }] }],
      },
    },
  ],
};

export const EXAMPLE_PROPOSAL: TApiProposal = { ...EXAMPLE_PROPOSAL_SUMMARY, document: EXAMPLE_DOCUMENT };

export const EXAMPLE_ACCEPTED_PROPOSAL: TApiProposal = {
  ...EXAMPLE_ACCEPTED_PROPOSAL_SUMMARY,
  document: EXAMPLE_RETAINER_DOCUMENT,
};

export const EXAMPLE_CLIENT: TClient = {
  id: '9a1c2e3f-4b5d-4e6f-8a7b-0c1d2e3f4a5b',
  name: 'Dana Reyes',
  company: 'Acme Inc.',
  email: 'dana@acme.example',
  phone: '+1 555 0100',
  address: '1 Main Street, Springfield',
  notes: '',
  language: 'en',
  signers: [],
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const EXAMPLE_SAVED_ITEM: TSavedItem = {
  id: '7e6d5c4b-3a29-4180-9f8e-7d6c5b4a3928',
  description: 'Design workshop (half day)',
  unit: 'day',
  unitPrice: 90_000,
  currency: 'USD',
  taxRate: 0,
  billing: 'one_off',
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const EXAMPLE_TEMPLATE: TTemplate = {
  id: '5d4c3b2a-1908-4f7e-8d6c-5b4a39281706',
  kind: 'own',
  name: 'Web project',
  description: 'Discovery, design and build',
  category: 'Web',
  document: EXAMPLE_DOCUMENT,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

export const EXAMPLE_WEBHOOK_ENDPOINT: TWebhookEndpoint = {
  id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  url: 'https://crm.example.com/hooks/draftwell',
  description: 'CRM sync',
  events: ['proposal.signed', 'proposal.accepted', 'proposal.paid'],
  secretPreview: 'whsec_PvHu…',
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

export const EXAMPLE_WEBHOOK_DELIVERY: TWebhookDelivery = {
  id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  seq: 41,
  endpointId: EXAMPLE_WEBHOOK_ENDPOINT.id,
  eventId: 'evt_0123456789abcdef0123456789abcdef',
  eventType: 'proposal.accepted',
  proposalId: EXAMPLE_PROPOSAL_SUMMARY.id,
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  latencyMs: 143,
  responseExcerpt: '{"ok":true}',
  lastError: null,
  lastAttemptAt: '2026-11-21T09:30:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-21T09:30:01.000Z',
  resendOf: null,
  createdAt: '2026-11-21T09:30:00.000Z',
};

/** A webhook body of each type; `proposal.accepted` with the retainer's acceptance. */
export function webhookExample(type: TWebhookEventType): z.output<typeof ZWebhookEventOut> {
  const accepted = type === 'proposal.accepted';
  const proposal = accepted ? EXAMPLE_ACCEPTED_PROPOSAL_SUMMARY : EXAMPLE_PROPOSAL_SUMMARY;
  return {
    id: 'evt_0123456789abcdef0123456789abcdef',
    type,
    createdAt: accepted ? EXAMPLE_ACCEPTANCE.acceptedAt : '2026-11-21T09:30:00.000Z',
    data: {
      proposal: { id: proposal.id, number: proposal.number, title: proposal.title },
      actor: accepted ? 'owner' : 'client',
      revisionNumber: accepted ? EXAMPLE_ACCEPTANCE.revision.number : 1,
      details: accepted
        ? { name: 'Dana Reyes', email: 'dana@acme.example', signers: 3 }
        : { name: 'Dana Reyes', email: 'dana@acme.example' },
      ...(accepted ? { acceptance: EXAMPLE_ACCEPTANCE } : {}),
    },
  };
}
