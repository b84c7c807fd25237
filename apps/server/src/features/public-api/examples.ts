import type { TClient } from '@draftwell/shared/workspace/clients';
import type { TWebhookDelivery, TWebhookEndpoint } from '@draftwell/shared/developers/webhooks';
import type { TProposal, TProposalSummary } from '@draftwell/shared/workspace/proposals';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import type { TTemplate } from '@draftwell/shared/workspace/templates';

/** Examples in the OpenAPI document (typed as the answers they stand for; a test checks them against the schemas). */

const zero = { net: 0, discount: 0, tax: 0, total: 0 };

export const EXAMPLE_PROPOSAL_SUMMARY: TProposalSummary = {
  id: '3f2b8c1e-6a4d-4f7b-9c2e-1d5a7b9e0f12',
  number: 'P-2026-0042',
  title: 'Website redesign for Acme',
  clientId: null,
  client: { name: 'Dana Reyes', company: 'Acme Inc.', email: 'dana@acme.example', phone: '', address: '' },
  currency: 'USD',
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
};

export const EXAMPLE_DOCUMENT: TProposal['document'] = {
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

export const EXAMPLE_PROPOSAL: TProposal = { ...EXAMPLE_PROPOSAL_SUMMARY, document: EXAMPLE_DOCUMENT };

export const EXAMPLE_CLIENT: TClient = {
  id: '9a1c2e3f-4b5d-4e6f-8a7b-0c1d2e3f4a5b',
  name: 'Dana Reyes',
  company: 'Acme Inc.',
  email: 'dana@acme.example',
  phone: '+1 555 0100',
  address: '1 Main Street, Springfield',
  notes: '',
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
  secretPreview: 'whsec_Dw8x…',
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
