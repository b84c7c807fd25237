import {
  ZWebhookDeliveryQuery,
  ZWebhookEndpointCreate,
  ZWebhookEndpointUpdate,
} from '@draftwell/shared/developers/webhooks';
import { Hono } from 'hono';
import { requireUser } from '../../http/require-user';
import { validJson, validQuery } from '../../http/validate';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from './webhooks.service';
import type { TAuthedEnv } from '../../deps';

/** Profile → Developers → Webhooks: the signed-in owner's endpoints and their delivery log (decision 0021). */
export const webhooksRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', async (c) =>
    c.json({ items: await listWebhookEndpoints({ db: c.var.deps.database.db, actor: c.var.actor }) }, 200),
  )
  .post('/', validJson(ZWebhookEndpointCreate), async (c) =>
    c.json(
      await createWebhookEndpoint({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        resolveHost: c.var.deps.resolveHost,
        input: c.req.valid('json'),
      }),
      201,
    ),
  )
  .patch('/:id', validJson(ZWebhookEndpointUpdate), async (c) =>
    c.json(
      await updateWebhookEndpoint({
        db: c.var.deps.database.db,
        actor: c.var.actor,
        env: c.var.deps.env,
        resolveHost: c.var.deps.resolveHost,
        id: c.req.param('id'),
        patch: c.req.valid('json'),
      }),
      200,
    ),
  )
  .delete('/:id', async (c) => {
    await deleteWebhookEndpoint({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') });
    return c.body(null, 204);
  })
  .post('/:id/roll-secret', async (c) =>
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
  .get('/:id/deliveries', validQuery(ZWebhookDeliveryQuery), async (c) =>
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
  .post('/:id/deliveries/:deliveryId/resend', async (c) =>
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
  .post('/:id/test', async (c) =>
    c.json(await sendWebhookTestEvent({ db: c.var.deps.database.db, actor: c.var.actor, id: c.req.param('id') }), 201),
  );
