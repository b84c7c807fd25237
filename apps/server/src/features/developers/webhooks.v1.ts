import {
  ZWebhookDeliveryQuery,
  ZWebhookEndpointCreate,
  ZWebhookEndpointUpdate,
} from '@draftwell/shared/developers/webhooks';
import { Hono } from 'hono';
import { requireScope, type TApiEnv } from '../../http/require-api-key';
import { validJson, validQuery } from '../../http/validate';
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
} from './webhooks.service';

/**
 * `/api/v1/webhooks` for API keys (mounted by `public-api/v1.routes.ts` behind `requireApiKey`):
 * the same services as Profile → Developers. Reading needs `webhooks:read`; making, changing,
 * deleting, resending and test events `webhooks:write`.
 */
const read = requireScope('webhooks:read');
const write = requireScope('webhooks:write');

export const webhooksV1Routes = new Hono<TApiEnv>()
  .get('/', read, async (c) =>
    c.json({ items: await listWebhookEndpoints({ db: c.var.deps.database.db, actor: c.var.actor }) }, 200),
  )
  .post('/', write, validJson(ZWebhookEndpointCreate), async (c) =>
    c.json(
      await createWebhookEndpoint({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        input: c.req.valid('json'),
      }),
      201,
    ),
  )
  .get('/:id', read, async (c) =>
    c.json(await getWebhookEndpoint({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 200),
  )
  .patch('/:id', write, validJson(ZWebhookEndpointUpdate), async (c) =>
    c.json(
      await updateWebhookEndpoint({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        id: c.req.param('id'),
        patch: c.req.valid('json'),
      }),
      200,
    ),
  )
  .delete('/:id', write, async (c) => {
    await deleteWebhookEndpoint({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  })
  .post('/:id/roll-secret', write, async (c) =>
    c.json(
      await rollWebhookSecret({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        id: c.req.param('id'),
      }),
      200,
    ),
  )
  .get('/:id/deliveries', read, validQuery(ZWebhookDeliveryQuery), async (c) =>
    c.json(
      await listWebhookDeliveries({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        id: c.req.param('id'),
        query: c.req.valid('query'),
      }),
      200,
    ),
  )
  .post('/:id/deliveries/:deliveryId/resend', write, async (c) =>
    c.json(
      await resendWebhookDelivery({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        id: c.req.param('id'),
        deliveryId: c.req.param('deliveryId'),
      }),
      201,
    ),
  )
  .post('/:id/test', write, async (c) =>
    c.json(await sendWebhookTestEvent({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 201),
  );
