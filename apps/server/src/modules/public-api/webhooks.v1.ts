import * as S from '@draftwell/shared/public-api/schemas';
import {
  ZWebhookDeliveryQuery,
  ZWebhookEndpointCreate,
  ZWebhookEndpointUpdate,
} from '@draftwell/shared/developers/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from '../webhooks/webhooks.service';
import { EXAMPLE_WEBHOOK_DELIVERY, EXAMPLE_WEBHOOK_ENDPOINT } from './examples';
import { defineApiRoute, type TApiRoute } from './registry';
import { WEBHOOK_URL_RULES } from './rules';

const CREATED = {
  secret: 'whsec_PvHu/g+Na7idIB+97DCJSAvGZzBa6xQyGoe19yMYH28=',
  endpoint: EXAMPLE_WEBHOOK_ENDPOINT,
};
const ENDPOINT = { id: 'The endpoint’s id.' };
const PENDING_DELIVERY = {
  ...EXAMPLE_WEBHOOK_DELIVERY,
  status: 'pending' as const,
  attempts: 0,
  responseStatus: null,
  latencyMs: null,
  responseExcerpt: null,
  lastAttemptAt: null,
  nextAttemptAt: '2026-11-21T09:31:00.000Z',
  deliveredAt: null,
};

/**
 * `/api/v1/webhooks…` (decision 0021): the same services as Profile → Developers → Webhooks.
 * Reading needs `webhooks:read`; making, changing, deleting, resending and test events `webhooks:write`.
 */
export const WEBHOOK_ROUTES: TApiRoute[] = [
  defineApiRoute({
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhookEndpoints',
    tag: 'Webhooks',
    scope: 'webhooks:read',
    summary: 'List webhook endpoints',
    description: 'Your endpoints, oldest first (at most 10).',
    success: {
      status: 200,
      description: 'Your endpoints.',
      schema: S.ZWebhookEndpointList,
      example: { items: [EXAMPLE_WEBHOOK_ENDPOINT] },
    },
    handler: async (c) => ({
      items: await listWebhookEndpoints({ db: c.var.deps.database.db, actor: c.var.actor }),
    }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/webhooks',
    operationId: 'createWebhookEndpoint',
    tag: 'Webhooks',
    scope: 'webhooks:write',
    summary: 'Add a webhook endpoint',
    description:
      'An `https://` URL and the events it wants. Its host name must resolve, when it is saved, to public addresses only (never a private, loopback, link-local or metadata address, nor a name only a private network knows, such as `localhost` or one under `.internal`): otherwise a 400 says why on `url`. The answer carries its signing secret (`whsec_` and 32 bytes in standard base64), shown this once: keep it to verify each delivery’s `webhook-signature` (Standard Webhooks) or, until it is retired, `Draftwell-Signature`.',
    body: ZWebhookEndpointCreate,
    bodyName: 'WebhookEndpointCreate',
    bodyExample: {
      url: 'https://crm.example.com/hooks/draftwell',
      description: 'CRM sync',
      events: ['proposal.accepted'],
    },
    rules: WEBHOOK_URL_RULES,
    success: {
      status: 201,
      description: 'The endpoint and its secret.',
      schema: S.ZCreatedWebhookEndpointOut,
      example: CREATED,
    },
    handler: (c, { body }) =>
      createWebhookEndpoint({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        resolveHost: c.var.deps.resolveHost,
        input: body,
      }),
  }),
  defineApiRoute({
    method: 'get',
    path: '/webhooks/:id',
    operationId: 'getWebhookEndpoint',
    tag: 'Webhooks',
    scope: 'webhooks:read',
    summary: 'Get a webhook endpoint',
    description: 'One endpoint (its secret only as a preview).',
    params: ENDPOINT,
    success: {
      status: 200,
      description: 'The endpoint.',
      schema: S.ZWebhookEndpointOut,
      example: EXAMPLE_WEBHOOK_ENDPOINT,
    },
    handler: (c, { param }) => getWebhookEndpoint({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') }),
  }),
  defineApiRoute({
    method: 'patch',
    path: '/webhooks/:id',
    operationId: 'updateWebhookEndpoint',
    tag: 'Webhooks',
    scope: 'webhooks:write',
    summary: 'Change a webhook endpoint',
    description:
      'Its URL (checked as when an endpoint is added), description or events; `enabled: true` turns an endpoint that was turned off back on.',
    params: ENDPOINT,
    body: ZWebhookEndpointUpdate,
    bodyName: 'WebhookEndpointUpdate',
    bodyExample: { enabled: true },
    rules: WEBHOOK_URL_RULES,
    success: {
      status: 200,
      description: 'The endpoint.',
      schema: S.ZWebhookEndpointOut,
      example: EXAMPLE_WEBHOOK_ENDPOINT,
    },
    handler: (c, { param, body }) =>
      updateWebhookEndpoint({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        resolveHost: c.var.deps.resolveHost,
        id: param('id'),
        patch: body,
      }),
  }),
  defineApiRoute({
    method: 'delete',
    path: '/webhooks/:id',
    operationId: 'deleteWebhookEndpoint',
    tag: 'Webhooks',
    scope: 'webhooks:write',
    summary: 'Delete a webhook endpoint',
    description: 'The endpoint and its delivery log; nothing more is sent to it.',
    params: ENDPOINT,
    success: { status: 204, description: 'Deleted.' },
    handler: async (c, { param }) => {
      await deleteWebhookEndpoint({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') });
    },
  }),
  defineApiRoute({
    method: 'post',
    path: '/webhooks/:id/roll-secret',
    operationId: 'rollWebhookSecret',
    tag: 'Webhooks',
    scope: 'webhooks:write',
    summary: 'Roll a webhook endpoint’s secret',
    description: 'A new signing secret, shown this once; the old one no longer signs anything.',
    params: ENDPOINT,
    success: {
      status: 200,
      description: 'The endpoint and its new secret.',
      schema: S.ZCreatedWebhookEndpointOut,
      example: CREATED,
    },
    handler: (c, { param }) =>
      rollWebhookSecret({ db: c.var.deps.database.db, actor: c.var.actor, env: c.var.deps.env, id: param('id') }),
  }),
  defineApiRoute({
    method: 'get',
    path: '/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    scope: 'webhooks:read',
    summary: 'List an endpoint’s deliveries',
    description:
      'The delivery log, newest first (kept 30 days): status, HTTP code, latency, attempts and the start of each answer. Pass `nextBefore` as `before` for older ones.',
    params: ENDPOINT,
    query: ZWebhookDeliveryQuery,
    success: {
      status: 200,
      description: 'A page of deliveries.',
      schema: S.ZWebhookDeliveryPage,
      example: { items: [EXAMPLE_WEBHOOK_DELIVERY], nextBefore: null },
    },
    handler: (c, { param, query }) =>
      listWebhookDeliveries({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id'), query }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/webhooks/:id/deliveries/:deliveryId/resend',
    operationId: 'resendWebhookDelivery',
    tag: 'Webhooks',
    scope: 'webhooks:write',
    summary: 'Resend a delivery',
    description: 'Queues the same event (same `id`) to the endpoint again, now.',
    params: { ...ENDPOINT, deliveryId: 'The delivery’s id.' },
    success: {
      status: 201,
      description: 'The new delivery, queued.',
      schema: S.ZWebhookDeliveryOut,
      example: PENDING_DELIVERY,
    },
    handler: (c, { param }) =>
      resendWebhookDelivery({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        id: param('id'),
        deliveryId: param('deliveryId'),
      }),
  }),
  defineApiRoute({
    method: 'post',
    path: '/webhooks/:id/test',
    operationId: 'sendWebhookTestEvent',
    tag: 'Webhooks',
    scope: 'webhooks:write',
    summary: 'Send a test event',
    description: 'Queues a `webhook.test` event to the endpoint, whatever events it subscribes to.',
    params: ENDPOINT,
    success: {
      status: 201,
      description: 'The delivery, queued.',
      schema: S.ZWebhookDeliveryOut,
      example: { ...PENDING_DELIVERY, eventType: 'webhook.test', proposalId: null },
    },
    handler: (c, { param }) =>
      sendWebhookTestEvent({ db: c.var.deps.database.db, actor: c.var.actor, id: param('id') }),
  }),
];
