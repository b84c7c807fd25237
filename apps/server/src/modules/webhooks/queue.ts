import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT_TYPE, type TWebhookEventType } from '@draftwell/shared/developers/webhooks';
import type { TProposalEventType } from '@draftwell/shared';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TDatabase, TDb } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { ownerI18n } from '../../mail/owner-i18n';
import { webhookDisabledMail } from '../../mail/templates';
import { jobLoop } from '../../lib/job-loop';
import { readAcceptance } from '../revisions/acceptances';
import { openSecret } from '../../lib/secret-box';
import type { TResolver } from './address';
import { postWebhook } from './deliver';
import { signedHeaders } from './signature';
import { developersUrl } from '../../lib/links';

/**
 * The webhook outbox (decision 0021). Deliveries are rows written in the transaction of their
 * event (`enqueueWebhooks`, from `recordEvent`); a worker on every instance claims due ones with a
 * lease (`FOR UPDATE SKIP LOCKED`), posts them outside any transaction, and records the outcome.
 * Only the oldest pending delivery of an (endpoint, proposal) is ever claimed, so each endpoint
 * gets a proposal's events in order. Failures wait with backoff for three days from the event;
 * then the delivery fails, the endpoint is disabled, and its owner is mailed.
 */
export const WEBHOOKS_CHANNEL = 'draftwell_webhooks';
/** Encryption purpose of endpoint secrets (lib/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-endpoint';

const LEASE_SECONDS = 60;
const BATCH = 10;
const POLL_MS = 5000;
/** How long the delivery log keeps delivered and failed deliveries. */
export const WEBHOOK_LOG_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;
/** How long a delivery is retried, from its event. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** 30 s, 2 min, 8 min, 32 min, 2 h 8 min, then every 6 hours, until the window ends. */
export const webhookBackoffSeconds = (attempts: number) =>
  Math.min(6 * 3600, 30 * 4 ** Math.max(0, Math.min(attempts, 10) - 1));

/** A timeline event's public name, for the types webhooks tell. */
export const WEBHOOK_TYPE_OF: Partial<Record<TProposalEventType, TWebhookEventType>> = {
  sent: 'proposal.sent',
  opened: 'proposal.viewed',
  commented: 'proposal.commented',
  signed: 'proposal.signed',
  accepted: 'proposal.accepted',
  declined: 'proposal.declined',
  expired: 'proposal.expired',
  paid: 'proposal.paid',
  marked_paid: 'proposal.paid',
  withdrawn: 'proposal.withdrawn',
};

export const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/**
 * Queues the event for each of the owner's enabled endpoints subscribed to it, in the caller's
 * transaction: one statement (an insert…select that also wakes the workers at commit when it
 * queued anything).
 */
export async function enqueueWebhooks(
  tx: TDb,
  event: {
    proposalId: string;
    ownerId: string;
    type: TProposalEventType;
    actor: string;
    revisionNumber: number | null;
    data: unknown;
    createdAt: Date;
  },
): Promise<void> {
  const publicType = WEBHOOK_TYPE_OF[event.type];
  if (!publicType) return;
  // A lone signer's signature is the acceptance itself (the timeline records `accepted` only):
  // `proposal.signed` goes first, so every signer's signature is told as one.
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (event.type === 'accepted' && typeof data.signers === 'number' && data.signers <= 1) {
    await enqueueOne(tx, event, 'proposal.signed');
  }
  // What was accepted, as `/api/v1` answers it (issue 24): written in this transaction just before.
  const more =
    event.type === 'accepted' ? { acceptance: await readAcceptance(tx, event.ownerId, event.proposalId) } : {};
  await enqueueOne(tx, event, publicType, more);
}

async function enqueueOne(
  tx: TDb,
  event: Parameters<typeof enqueueWebhooks>[1],
  publicType: TWebhookEventType,
  more: Record<string, unknown> = {},
): Promise<void> {
  const eventId = newEventId();
  await tx.execute(sql`
    with queued as (
      insert into webhook_deliveries (endpoint_id, owner_id, order_key, proposal_id, event_id, event_type, body)
      select e.id, e.owner_id, ${event.proposalId}, p.id, ${eventId}, ${publicType},
        jsonb_build_object(
          'id', ${eventId}::text,
          'type', ${publicType}::text,
          'createdAt', ${event.createdAt.toISOString()}::text,
          'data', jsonb_build_object(
            'proposal', jsonb_build_object('id', p.id, 'number', p.number, 'title', p.title),
            'actor', ${event.actor}::text,
            'revisionNumber', ${event.revisionNumber}::int,
            'details', ${JSON.stringify(event.data ?? {})}::jsonb
          ) || ${JSON.stringify(more)}::jsonb
        )::text
      from webhook_endpoints e
      join proposals p on p.id = ${event.proposalId}
      where e.owner_id = ${event.ownerId} and e.enabled and ${publicType} = any(e.events)
      returning 1
    )
    select pg_notify(${WEBHOOKS_CHANNEL}, '') from queued limit 1`);
}

/** The body of a test event: what an endpoint gets from *Send test event*. */
export function testEventBody(eventId: string, endpointId: string, at: Date): string {
  return JSON.stringify({
    id: eventId,
    type: WEBHOOK_TEST_EVENT_TYPE,
    createdAt: at.toISOString(),
    data: { endpointId, message: 'A test event from Draftwell. Answer with a 2xx status to mark it delivered.' },
  });
}

type TClaimed = {
  id: string;
  endpoint_id: string;
  owner_id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  created_ms: number;
  url: string;
  secret_sealed: string;
};

export type TWebhookWorker = {
  start(): Promise<void>;
  /** Look for due deliveries now. */
  kick(): void;
  /**
   * Deliver everything due at `now` (the clock by default); resolves with how many were
   * delivered. Tests move `now` through the backoff and the three-day window.
   */
  drain(now?: Date): Promise<number>;
  stop(): Promise<void>;
};

export type TWebhookWorkerDeps = {
  database: TDatabase;
  authSecret: string;
  allowHttpLoopback: boolean;
  baseUrl: string;
  logger: Logger;
  /** After a commit that queued mail (the endpoint-disabled notice). */
  onMailQueued: () => void;
  /** How endpoints' host names are resolved (the system's resolver unless tests give theirs). */
  resolve?: TResolver;
};

const iso = (d: Date) => d.toISOString();

export function createWebhookWorker(deps: TWebhookWorkerDeps): TWebhookWorker {
  const { database, logger } = deps;
  const db = database.db;
  let stopped = false;
  /** Cuts requests under way when the server stops (its shutdown has 10 seconds in all). */
  const stopping = new AbortController();

  async function claim(now: Date): Promise<TClaimed[]> {
    const result = (await db.execute(sql`
      update webhook_deliveries d
      set locked_until = ${iso(now)}::timestamptz + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      from webhook_endpoints e
      where e.id = d.endpoint_id and d.id in (
        select c.id from webhook_deliveries c
        join webhook_endpoints ce on ce.id = c.endpoint_id
        where c.status = 'pending' and ce.enabled
          and c.next_attempt_at <= ${iso(now)}::timestamptz
          and (c.locked_until is null or c.locked_until < ${iso(now)}::timestamptz)
          and not exists (
            select 1 from webhook_deliveries b
            where b.endpoint_id = c.endpoint_id and b.order_key = c.order_key and b.status = 'pending' and b.seq < c.seq
          )
        order by c.seq
        limit ${BATCH}
        for update of c skip locked
      )
      returning d.id, d.endpoint_id, d.owner_id, d.event_id, d.event_type, d.body, d.attempts,
        floor(extract(epoch from d.created_at) * 1000)::float8 as created_ms, e.url, e.secret_sealed`)) as unknown as {
      rows: TClaimed[];
    };
    return result.rows;
  }

  async function deliver(row: TClaimed, now: Date): Promise<boolean> {
    const secret = openSecret(deps.authSecret, WEBHOOK_SECRET_PURPOSE, row.endpoint_id, row.secret_sealed);
    const result = secret
      ? await postWebhook({
          url: row.url,
          body: row.body,
          allowHttpLoopback: deps.allowHttpLoopback,
          resolve: deps.resolve,
          signal: stopping.signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Draftwell-Webhooks/1.0',
            // Both schemes (decision 0028): webhook-id/-timestamp/-signature and Draftwell-Signature,
            // at the receiver's clock (not `now`, which tests move), with the event id as webhook-id.
            ...signedHeaders(secret, row.event_id, Math.floor(Date.now() / 1000), row.body),
            'draftwell-event-id': row.event_id,
            'draftwell-event-type': row.event_type,
            'draftwell-delivery-id': row.id,
          },
        })
      : {
          ok: false,
          status: null,
          latencyMs: 0,
          excerpt: null,
          error: 'The endpoint’s secret cannot be opened (the server’s AUTH_SECRET changed): roll the secret.',
          refused: true,
        };
    const outcome = sql`response_status = ${result.status}, latency_ms = ${result.latencyMs},
      response_excerpt = ${result.excerpt}, last_error = ${result.error}, last_attempt_at = ${iso(now)}::timestamptz,
      locked_until = null`;
    if (result.ok) {
      await db.execute(
        sql`update webhook_deliveries set status = 'delivered', delivered_at = ${iso(now)}::timestamptz, ${outcome} where id = ${row.id}`,
      );
      return true;
    }
    const deadline = row.created_ms + WEBHOOK_RETRY_WINDOW_MS;
    if (now.getTime() < deadline) {
      const next = new Date(Math.min(now.getTime() + webhookBackoffSeconds(row.attempts) * 1000, deadline));
      logger.warn(
        {
          deliveryId: row.id,
          endpointId: row.endpoint_id,
          attempts: row.attempts,
          status: result.status,
          err: result.error,
        },
        'webhook not delivered; will retry',
      );
      await db.execute(
        sql`update webhook_deliveries set next_attempt_at = ${iso(next)}::timestamptz, ${outcome} where id = ${row.id}`,
      );
      return false;
    }
    // Three days of failures: this delivery fails, the endpoint stops, and its owner is told.
    logger.warn(
      { deliveryId: row.id, endpointId: row.endpoint_id, attempts: row.attempts, err: result.error },
      'webhook endpoint disabled after three days of failures',
    );
    const reason = `Turned off on ${now.toISOString().slice(0, 10)}: deliveries failed for three days (last: ${result.error ?? 'no answer'}).`;
    const mailed = await db.transaction(async (tx) => {
      await tx.execute(sql`update webhook_deliveries set status = 'failed', ${outcome} where id = ${row.id}`);
      const disabled = (await tx.execute(sql`
        update webhook_endpoints set enabled = false, disabled_at = ${iso(now)}::timestamptz, disabled_reason = ${reason}, updated_at = ${iso(now)}::timestamptz
        where id = ${row.endpoint_id} and enabled
        returning url, (select email from users where id = owner_id) as email, (select name from users where id = owner_id) as name,
          (select app_language from users where id = owner_id) as app_language`)) as unknown as {
        rows: Array<{ url: string; email: string; name: string; app_language: string | null }>;
      };
      const owner = disabled.rows[0];
      if (!owner) return false;
      // What was still waiting will not go either: the log shows it, and Resend sends it later.
      await tx.execute(sql`
        update webhook_deliveries set status = 'failed', locked_until = null,
          last_error = coalesce(last_error, 'Not sent: the endpoint was turned off.')
        where endpoint_id = ${row.endpoint_id} and status = 'pending' and id <> ${row.id}`);
      return enqueueMail(
        tx,
        `webhook-disabled:${row.endpoint_id}:${iso(now)}`,
        webhookDisabledMail(ownerI18n(owner.app_language), {
          to: owner.email,
          name: owner.name,
          url: owner.url,
          lastError: result.error ?? null,
          link: developersUrl(deps.baseUrl),
        }),
      );
    });
    if (mailed) deps.onMailQueued();
    return false;
  }

  /** Deliveries older than the log keeps, once an hour per instance (pending ones stay). */
  let prunedAt = 0;
  async function prune(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - prunedAt) < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await db.execute(sql`
      delete from webhook_deliveries
      where status <> 'pending' and created_at < ${iso(now)}::timestamptz - make_interval(days => ${WEBHOOK_LOG_DAYS})`);
  }

  async function pass(now: Date): Promise<number> {
    if (stopped) return 0;
    await prune(now);
    let delivered = 0;
    for (;;) {
      const rows = await claim(now);
      if (rows.length === 0) return delivered;
      // Each claimed row heads its own (endpoint, proposal): they may go at once.
      const results = await Promise.all(
        rows.map((row) =>
          deliver(row, now).catch((err: unknown) => {
            logger.warn(
              { deliveryId: row.id, err: err instanceof Error ? err.message : String(err) },
              'webhook pass error',
            );
            return false;
          }),
        ),
      );
      const n = results.filter(Boolean).length;
      delivered += n;
      if (n === 0 || stopped) return delivered;
    }
  }

  return jobLoop<Date>({
    name: 'webhook',
    pollMs: POLL_MS,
    logger,
    pass: (now) => pass(now ?? new Date()),
    wake: { database, channel: WEBHOOKS_CHANNEL },
    onStop: () => {
      stopped = true;
      stopping.abort();
    },
  });
}
