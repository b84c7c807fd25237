import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT_TYPE,
  type TCreatedWebhookEndpoint,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookDeliveryStatus,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@draftwell/shared/developers/webhooks';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { TEnv } from '../../env';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { sealSecret } from '../../lib/secret-box';
import { isUuid } from '../../lib/sql-text';
import { checkWebhookTarget, type TResolver } from './address';
import { newEventId, testEventBody, WEBHOOK_SECRET_PURPOSE, WEBHOOKS_CHANNEL } from './queue';
import { inStandardForm, newWebhookSecret } from './signature';

/**
 * Profile → Developers → Webhooks, and `/api/v1/webhooks` (decision 0021): the owner's endpoints,
 * their delivery log, a resend and a test event. Every query filters by owner; another owner's
 * endpoint or delivery is a 404 (A1).
 */

type TArgs = { db: TDb; actor: TActor; env: Pick<TEnv, 'authSecret' | 'webhooksAllowHttpLoopback'> };
/** What saving a URL needs besides: how its host name is resolved (`deps.resolveHost`). */
type TSaveArgs = TArgs & { resolveHost: TResolver };
type TEndpointRow = typeof webhookEndpoints.$inferSelect;
type TDeliveryRow = typeof webhookDeliveries.$inferSelect;

const notFound = () => new AppError('not_found', 'That webhook endpoint does not exist.');

function toEndpoint(row: TEndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as TWebhookEventType[],
    // Stored as it was made: a secret from before 2026-11-29 is base64url; shown in standard base64.
    secretPreview: inStandardForm(row.secretPreview),
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: TDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    seq: row.seq,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    proposalId: row.proposalId,
    status: row.status as TWebhookDeliveryStatus,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    latencyMs: row.latencyMs,
    responseExcerpt: row.responseExcerpt,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    resendOf: row.resendOf,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The URL's rules, as a 400 on the `url` field: https, and a host that resolves, now, to public
 * addresses only (A26). Deliveries check it again the same way, so a name that moves inside
 * later is refused then.
 */
async function checkedUrl(args: Pick<TSaveArgs, 'env' | 'resolveHost'>, url: string): Promise<string> {
  const verdict = await checkWebhookTarget(url, {
    allowHttpLoopback: args.env.webhooksAllowHttpLoopback,
    resolve: args.resolveHost,
  });
  if (!verdict.ok) throw new AppError('invalid', verdict.reason, { fields: { url: verdict.reason } });
  return verdict.url.toString();
}

const secretFields = (env: TArgs['env'], id: string, secret: string) => ({
  secretSealed: sealSecret(env.authSecret, WEBHOOK_SECRET_PURPOSE, id, secret),
  secretPreview: `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4)}…`,
});

async function ownedEndpoint(db: TDb, actor: TActor, id: string): Promise<TEndpointRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, actor.id)));
  if (!row) throw notFound();
  return row;
}

export async function listWebhookEndpoints({ db, actor }: Omit<TArgs, 'env'>): Promise<TWebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, actor.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

export async function getWebhookEndpoint({ db, actor, id }: Omit<TArgs, 'env'> & { id: string }) {
  return toEndpoint(await ownedEndpoint(db, actor, id));
}

/** Makes an endpoint; its secret is in this answer only. */
export async function createWebhookEndpoint({
  db,
  actor,
  env,
  resolveHost,
  input,
}: TSaveArgs & {
  input: { url: string; description: string; events: TWebhookEventType[] };
}): Promise<TCreatedWebhookEndpoint> {
  const url = await checkedUrl({ env, resolveHost }, input.url);
  const secret = newWebhookSecret();
  const id = randomUUID();
  return db.transaction(async (tx) => {
    // One at a time per owner, so two tabs cannot both take the last place.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, actor.id));
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        'conflict',
        `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most an account may hold. Delete one first.`,
      );
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        ownerId: actor.id,
        url,
        description: input.description,
        events: input.events,
        ...secretFields(env, id, secret),
      })
      .returning();
    return { secret, endpoint: toEndpoint(row!) };
  });
}

export async function updateWebhookEndpoint({
  db,
  actor,
  env,
  resolveHost,
  id,
  patch,
}: TSaveArgs & {
  id: string;
  patch: { url?: string; description?: string; events?: TWebhookEventType[]; enabled?: boolean };
}): Promise<TWebhookEndpoint> {
  if (!isUuid(id)) throw notFound();
  const set: PgUpdateSetSource<typeof webhookEndpoints> = { updatedAt: sql`now()` };
  if (patch.url !== undefined) set.url = await checkedUrl({ env, resolveHost }, patch.url);
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.events !== undefined) set.events = patch.events;
  if (patch.enabled === true) Object.assign(set, { enabled: true, disabledAt: null, disabledReason: null });
  if (patch.enabled === false) {
    Object.assign(set, {
      enabled: false,
      disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, now())`,
      disabledReason: sql`coalesce(${webhookEndpoints.disabledReason}, 'Turned off by you.')`,
    });
  }
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, actor.id)))
    .returning();
  if (!row) throw notFound();
  // Deliveries that waited while it was off go now.
  if (patch.enabled === true) await db.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
  return toEndpoint(row);
}

/** A new secret, in this answer only; the old one stops signing at once. */
export async function rollWebhookSecret({
  db,
  actor,
  env,
  id,
}: TArgs & { id: string }): Promise<TCreatedWebhookEndpoint> {
  if (!isUuid(id)) throw notFound();
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...secretFields(env, id, secret), updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, actor.id)))
    .returning();
  if (!row) throw notFound();
  return { secret, endpoint: toEndpoint(row) };
}

/** Deletes the endpoint and its delivery log. */
export async function deleteWebhookEndpoint({ db, actor, id }: Omit<TArgs, 'env'> & { id: string }): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, actor.id)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

/** The endpoint's deliveries, newest first, a page at a time. */
export async function listWebhookDeliveries({
  db,
  actor,
  id,
  query,
}: Omit<TArgs, 'env'> & { id: string; query: { before?: number; limit: number } }): Promise<TWebhookDeliveryPage> {
  await ownedEndpoint(db, actor, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, id),
        eq(webhookDeliveries.ownerId, actor.id),
        query.before === undefined ? undefined : lt(webhookDeliveries.seq, query.before),
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toDelivery);
  return { items, nextBefore: rows.length > query.limit ? items[items.length - 1]!.seq : null };
}

/** Inserts a delivery and wakes the workers at commit (one statement). */
async function queueDelivery(
  db: TDb,
  values: {
    endpointId: string;
    ownerId: string;
    orderKey: string;
    proposalId: string | null;
    eventId: string;
    eventType: string;
    body: string;
    resendOf: string | null;
  },
): Promise<TWebhookDelivery> {
  const result = (await db.execute(sql`
    with queued as (
      insert into webhook_deliveries (endpoint_id, owner_id, order_key, proposal_id, event_id, event_type, body, resend_of)
      values (${values.endpointId}, ${values.ownerId}, ${values.orderKey}, ${values.proposalId}, ${values.eventId},
        ${values.eventType}, ${values.body}, ${values.resendOf})
      returning id
    )
    select id, pg_notify(${WEBHOOKS_CHANNEL}, '') from queued`)) as unknown as { rows: Array<{ id: string }> };
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, result.rows[0]!.id));
  return toDelivery(row!);
}

/**
 * Sends the delivery's event again, as a new delivery with the same event id and body (receivers
 * dedupe by the id), after whatever of that proposal is still waiting for this endpoint.
 */
export async function resendWebhookDelivery({
  db,
  actor,
  id,
  deliveryId,
}: Omit<TArgs, 'env'> & { id: string; deliveryId: string }): Promise<TWebhookDelivery> {
  await ownedEndpoint(db, actor, id);
  if (!isUuid(deliveryId)) throw new AppError('not_found', 'That delivery does not exist.');
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, id),
        eq(webhookDeliveries.ownerId, actor.id),
      ),
    );
  if (!original) throw new AppError('not_found', 'That delivery does not exist.');
  return queueDelivery(db, {
    endpointId: id,
    ownerId: actor.id,
    orderKey: original.orderKey,
    proposalId: original.proposalId,
    eventId: original.eventId,
    eventType: original.eventType,
    body: original.body,
    resendOf: original.id,
  });
}

/** Queues a `webhook.test` event to the endpoint (whatever it subscribes to, enabled or not: it goes once enabled). */
export async function sendWebhookTestEvent({ db, actor, id }: Omit<TArgs, 'env'> & { id: string }) {
  const endpoint = await ownedEndpoint(db, actor, id);
  const eventId = newEventId();
  return queueDelivery(db, {
    endpointId: endpoint.id,
    ownerId: actor.id,
    orderKey: `test:${endpoint.id}`,
    proposalId: null,
    eventId,
    eventType: WEBHOOK_TEST_EVENT_TYPE,
    body: testEventBody(eventId, endpoint.id, new Date()),
    resendOf: null,
  });
}
