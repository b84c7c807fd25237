import {
  ACTIVITY_KINDS,
  OVERVIEW_ACTIVITY_LIMIT,
  OVERVIEW_MONTHS,
  TIME_ZONE_MESSAGE,
  type TAcceptedValue,
  type TActivityKind,
  type TOverview,
  type TOverviewActivity,
  type TOverviewMonth,
} from '@draftwell/shared/workspace/overview';
import type { TBillingKind } from '@draftwell/shared/document/pricing';
import { PROPOSAL_STATUSES, type TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { acceptances, proposalRevisions, proposals } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';

type TRows<T> = { rows: T[] };

async function rowsOf<T>(db: TDb, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as TRows<T>).rows;
}

/**
 * One billing kind's total the client accepted, in minor units: the acceptance's totals (the
 * options they ticked, the quantities they chose), the figures on the certificate and the PDF,
 * never the proposal's own totals, which are the sender's defaults. 0 where the stored totals lack it.
 */
const acceptedTotal = (kind: TBillingKind) =>
  sql`case when jsonb_typeof(${acceptances.totals}->${kind}::text->'total') = 'number'
  then (${acceptances.totals}->${kind}::text->>'total')::numeric else 0 end`;
/** The currency of the revision accepted: the owner may have changed the draft's since it was sent. */
const acceptedCurrency = sql`coalesce(${proposalRevisions.snapshot}->>'currency', ${proposals.currency})`;

/** An instant as the API writes it: ISO 8601 in UTC, to the millisecond. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function countByStatus(db: TDb, ownerId: string): Promise<TOverview['counts']> {
  // Served by the (owner_id, status, updated_at) index.
  const rows = await db
    .select({ status: proposals.status, n: count() })
    .from(proposals)
    .where(and(eq(proposals.ownerId, ownerId), isNull(proposals.deletedAt)))
    .groupBy(proposals.status);
  const counts = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<TProposalStatus, number>;
  let total = 0;
  for (const row of rows) {
    counts[row.status as TProposalStatus] = Number(row.n);
    total += Number(row.n);
  }
  return { ...counts, total };
}

type TMonthRow = {
  month: string;
  created: number;
  sent: number;
  accepted: number;
  /** Sums as text: numeric, which may pass 2^53 only in theory. */
  accepted_value: Array<{ currency: string; one_off: string; monthly: string; yearly: string; count: number }>;
};

/**
 * The last OVERVIEW_MONTHS calendar months in `tz`, the current one last, in one pass over the
 * owner's proposals: each row gives up to three dated events, bucketed by its local month and,
 * for acceptances, by the accepted revision's currency, with the accepted value. Only accepted
 * proposals' acceptances count, as in the cards.
 */
async function monthsOf(db: TDb, ownerId: string, tz: string, now: Date): Promise<TMonthRow[]> {
  const months = OVERVIEW_MONTHS - 1;
  return rowsOf<TMonthRow>(
    db,
    sql`
    with bounds as (
      select date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${tz}::text) as current_month
    ), series as (
      select m from bounds,
        generate_series(current_month - make_interval(months => ${months}::int), current_month, interval '1 month') as m
    ), since as (
      select (current_month - make_interval(months => ${months}::int)) at time zone ${tz}::text as t from bounds
    ), events as (
      select date_trunc('month', e.at at time zone ${tz}::text) as m, e.kind,
        case when e.kind = 'accepted' then ${acceptedCurrency} else ${proposals.currency} end as currency,
        case when e.kind = 'accepted' then ${acceptedTotal('one_off')} else 0 end as one_off,
        case when e.kind = 'accepted' then ${acceptedTotal('monthly')} else 0 end as monthly,
        case when e.kind = 'accepted' then ${acceptedTotal('yearly')} else 0 end as yearly
      from ${proposals}
      -- At most one acceptance per proposal (its unique index), so no row is doubled.
      left join ${acceptances} on ${acceptances.proposalId} = ${proposals.id}
      left join ${proposalRevisions} on ${proposalRevisions.id} = ${acceptances.revisionId}
      cross join lateral (values
        ('created', ${proposals.createdAt}),
        ('sent', ${proposals.sentAt}),
        ('accepted', case when ${proposals.status} = 'accepted' then ${proposals.acceptedAt} end)
      ) as e(kind, at)
      where ${proposals.ownerId} = ${ownerId} and ${proposals.deletedAt} is null
        -- Rows with no event in the window are dropped before they are unfolded.
        and greatest(${proposals.createdAt}, ${proposals.sentAt}, ${proposals.acceptedAt}) >= (select t from since)
        and e.at >= (select t from since)
    ), grouped as (
      select m, kind, currency, count(*)::int as n,
        sum(one_off) as one_off, sum(monthly) as monthly, sum(yearly) as yearly
      from events group by m, kind, currency
    )
    select to_char(s.m, 'YYYY-MM') as month,
      coalesce(sum(g.n) filter (where g.kind = 'created'), 0)::int as created,
      coalesce(sum(g.n) filter (where g.kind = 'sent'), 0)::int as sent,
      coalesce(sum(g.n) filter (where g.kind = 'accepted'), 0)::int as accepted,
      coalesce(
        jsonb_agg(
          jsonb_build_object('currency', g.currency, 'one_off', g.one_off::text, 'monthly', g.monthly::text,
            'yearly', g.yearly::text, 'count', g.n)
          -- Largest first by a first year's worth.
          order by g.one_off + 12 * g.monthly + g.yearly desc, g.currency) filter (where g.kind = 'accepted'),
        '[]'::jsonb
      ) as accepted_value
    from series s left join grouped g on g.m = s.m
    group by s.m
    order by s.m`,
  );
}

type TActivityRow = {
  kind: TActivityKind;
  at: string;
  id: string;
  number: string;
  title: string;
  status: TProposalStatus;
  client_name: string | null;
};

/**
 * The newest events, derived from the proposals' status timestamps until an events table
 * exists: swap this function's body then. The newest N events all come from the N proposals
 * whose latest timestamp is newest, so only those are unfolded into events.
 */
export async function recentActivity(args: { db: TDb; ownerId: string; limit?: number }): Promise<TOverviewActivity[]> {
  const { db, ownerId, limit = OVERVIEW_ACTIVITY_LIMIT } = args;
  const p = proposals;
  const rank = sql.raw(`array_position(array[${ACTIVITY_KINDS.map((k) => `'${k}'`).join(', ')}], e.kind)`);
  const rows = await rowsOf<TActivityRow>(
    db,
    sql`
    with recent as (
      select ${p.id} as id, ${p.number} as number, ${p.title} as title, ${p.status} as status, ${p.client} as client,
        ${p.createdAt} as created_at, ${p.sentAt} as sent_at, ${p.viewedAt} as viewed_at,
        ${p.acceptedAt} as accepted_at, ${p.declinedAt} as declined_at, ${p.expiredAt} as expired_at
      from ${p}
      where ${p.ownerId} = ${ownerId} and ${p.deletedAt} is null
      order by greatest(${p.createdAt}, ${p.sentAt}, ${p.viewedAt}, ${p.acceptedAt}, ${p.declinedAt}, ${p.expiredAt}) desc,
        ${p.id} desc
      limit ${limit}
    )
    select e.kind, ${isoUtc(sql`e.at`)} as at, r.id, r.number, r.title, r.status,
      coalesce(nullif(r.client->>'name', ''), nullif(r.client->>'company', '')) as client_name
    from recent r
    cross join lateral (values
      ('created', r.created_at), ('sent', r.sent_at), ('viewed', r.viewed_at),
      ('accepted', r.accepted_at), ('declined', r.declined_at), ('expired', r.expired_at)
    ) as e(kind, at)
    where e.at is not null
    order by e.at desc, ${rank} desc, r.id desc
    limit ${limit}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    at: r.at,
    proposalId: r.id,
    number: r.number,
    title: r.title,
    clientName: r.client_name,
    status: r.status,
  }));
}

/** PostgreSQL's answer to a zone it has no rules for (its tz data may be older than ours). */
function isUnknownTimeZone(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22023') return true;
  }
  return false;
}

/**
 * The dashboard overview of the actor's proposals. `tz` is a canonical IANA name (see
 * ZOverviewQuery); "this month" and the chart's months are calendar months there.
 */
export async function getOverview(args: { db: TDb; actor: TActor; tz: string; now?: Date }): Promise<TOverview> {
  const { db, actor, tz, now = new Date() } = args;
  let monthRows: TMonthRow[];
  try {
    monthRows = await monthsOf(db, actor.id, tz, now);
  } catch (err) {
    if (!isUnknownTimeZone(err)) throw err;
    throw new AppError('invalid', `The time zone ${tz} is not one we can use. ${TIME_ZONE_MESSAGE}`, {
      fields: { tz: TIME_ZONE_MESSAGE },
    });
  }
  const [counts, activity] = await Promise.all([
    countByStatus(db, actor.id),
    recentActivity({ db, ownerId: actor.id }),
  ]);

  const value = (v: TMonthRow['accepted_value'][number]): TAcceptedValue => ({
    currency: v.currency,
    one_off: Number(v.one_off),
    monthly: Number(v.monthly),
    yearly: Number(v.yearly),
  });
  const months: TOverviewMonth[] = monthRows.map((r) => ({
    month: r.month,
    created: r.created,
    sent: r.sent,
    accepted: r.accepted,
    acceptedValue: r.accepted_value.map(value),
  }));
  const current = monthRows.at(-1);
  const acceptedThisMonth = (current?.accepted_value ?? []).map((v) => ({ ...value(v), count: v.count }));

  // Expired proposals are left out: the client never answered, so they are neither a win nor a
  // loss, and counting them would make the rate depend on validity dates rather than decisions.
  const decided = counts.accepted + counts.declined;
  const winRate = decided === 0 ? null : counts.accepted / decided;

  return { timeZone: tz, counts, winRate, acceptedThisMonth, months, activity };
}
