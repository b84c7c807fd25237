import { emptyDocument, type TDocument, type TPricingLine } from '@draftwell/shared';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TOverview, TOverviewMonth } from '@draftwell/shared/workspace/overview';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptances, proposalRevisions, proposals } from '../src/db/schema';
import { getOverview } from '../src/modules/overview/overview.service';
import { backends, nextIp, signUp, withTwoUsers, type Client, type TTestServer } from './helpers';
import { readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';

type TRow = {
  status: TProposalStatus;
  currency?: string;
  /** One-off total the client accepted, in minor units (the proposal's own defaults are DEFAULT_ONE_OFF). */
  oneOff?: number;
  /** Recurring totals the client accepted (the proposal's own defaults say DEFAULT_MONTHLY a month). */
  monthly?: number;
  yearly?: number;
  title?: string;
  clientName?: string;
  createdAt: string | Date;
  sentAt?: string | Date;
  viewedAt?: string | Date;
  acceptedAt?: string | Date;
  declinedAt?: string | Date;
  expiredAt?: string | Date;
};

const zero = { net: 0, discount: 0, tax: 0, total: 0 };
const date = (d: string | Date | undefined) => (d === undefined ? null : new Date(d));
/**
 * The one-off total of every inserted proposal's own totals: the sender's defaults, which the
 * accepted value must never show (it is what the client accepted, `oneOff`).
 */
const DEFAULT_ONE_OFF = 999_999;
const DEFAULT_MONTHLY = 777;
const totalsOf = (oneOff: number, monthly = 0, yearly = 0) => ({
  one_off: { ...zero, net: oneOff, total: oneOff },
  monthly: { ...zero, net: monthly, total: monthly },
  yearly: { ...zero, net: yearly, total: yearly },
});
/** An accepted value as the overview answers it. */
const v = (currency: string, oneOff: number, monthly = 0, yearly = 0) => ({
  currency,
  one_off: oneOff,
  monthly,
  yearly,
});

let sequence = 0;
/**
 * Proposals written straight into the database, with the timestamps a test needs; an accepted
 * one with its sent revision and its acceptance, as accepting through the client's link leaves it.
 */
async function insertRows(server: TTestServer, ownerId: string, rows: TRow[]) {
  const db = server.deps.database.db;
  const inserted = await db
    .insert(proposals)
    .values(
      rows.map((r) => {
        sequence += 1;
        return {
          ownerId,
          number: `P-T-${String(sequence).padStart(5, '0')}`,
          title: r.title ?? `Proposal ${sequence}`,
          client: { name: r.clientName ?? '', company: '', email: '', phone: '', address: '' },
          currency: r.currency ?? 'EUR',
          status: r.status,
          document: emptyDocument(),
          totals: totalsOf(DEFAULT_ONE_OFF, DEFAULT_MONTHLY),
          createdAt: new Date(r.createdAt),
          updatedAt: new Date(r.createdAt),
          sentAt: date(r.sentAt),
          viewedAt: date(r.viewedAt),
          acceptedAt: date(r.acceptedAt),
          declinedAt: date(r.declinedAt),
          expiredAt: date(r.expiredAt),
        };
      }),
    )
    .returning({ id: proposals.id, number: proposals.number });
  for (const [i, r] of rows.entries()) {
    if (r.status !== 'accepted') continue;
    const proposalId = inserted[i]!.id;
    const [revision] = await db
      .insert(proposalRevisions)
      .values({ proposalId, ownerId, number: 1, snapshot: { currency: r.currency ?? 'EUR' }, hash: proposalId })
      .returning({ id: proposalRevisions.id });
    await db.insert(acceptances).values({
      proposalId,
      ownerId,
      revisionId: revision!.id,
      name: 'Client',
      email: 'client@example.com',
      ipAddress: '192.0.2.1',
      userAgent: 'test',
      consentText: 'consent',
      consentHash: 'hash',
      selection: {},
      totals: totalsOf(r.oneOff ?? 0, r.monthly ?? 0, r.yearly ?? 0),
      acceptedAt: date(r.acceptedAt) ?? undefined,
    });
  }
  return inserted;
}

async function userId(client: Client): Promise<string> {
  const session = await client.session();
  if (!session) throw new Error('not signed in');
  return session.user.id;
}

async function overview(client: Client, tz?: string): Promise<TOverview> {
  const res = await client.get(`/api/overview${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body as TOverview;
}

/** yyyy-mm of the month `offset` months from the given year and month (0-based month). */
function monthLabel(year: number, month: number, offset = 0): string {
  const d = new Date(Date.UTC(year, month + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The yyyy-mm of an instant in a time zone, as the runtime's own tz data says. */
function monthIn(instant: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit' }).formatToParts(
    instant,
  );
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

/** The twelve labels ending with `last` (yyyy-mm). */
function twelveMonths(last: string): string[] {
  const [y, m] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => monthLabel(y, m - 1, i - 11));
}

/** Twelve months, zero everywhere but where `filled` says. */
function expectedMonths(last: string, filled: Record<string, Partial<TOverviewMonth>>): TOverviewMonth[] {
  return twelveMonths(last).map((month) => ({
    month,
    created: 0,
    sent: 0,
    accepted: 0,
    acceptedValue: [],
    ...filled[month],
  }));
}

const EMPTY_COUNTS = { draft: 0, sent: 0, viewed: 0, accepted: 0, declined: 0, expired: 0, total: 0 };

describe.each(backends())('overview API (%s)', (backend) => {
  const t = withTwoUsers(backend);

  it('answers 401 without a session', async () => {
    const res = await t.server.client().get('/api/overview');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('gives a new account zeros, no win rate, twelve empty months and no activity', async () => {
    const { client } = await signUp(t.server);
    const body = await overview(client);
    const current = monthIn(new Date(), 'UTC');
    expect(body).toEqual({
      timeZone: 'UTC',
      counts: EMPTY_COUNTS,
      winRate: null,
      acceptedThisMonth: [],
      months: expectedMonths(current, {}),
      activity: [],
    });
    const paris = await overview(client, 'Europe/Paris');
    expect(paris.timeZone).toBe('Europe/Paris');
    expect(paris.months.map((m) => m.month)).toEqual(twelveMonths(monthIn(new Date(), 'Europe/Paris')));
  });

  it('refuses a time zone that is not an IANA name, with a message for the field', async () => {
    for (const tz of [
      'Mars/Olympus',
      '+01:00',
      'UTC+1',
      "Europe/Paris'; drop table proposals; --",
      'x'.repeat(65),
      '',
    ]) {
      const res = await t.alice.get(`/api/overview?tz=${encodeURIComponent(tz)}`);
      expect(res.status, tz).toBe(400);
      expect(res.body.error.code).toBe('invalid');
      expect(res.body.error.fields.tz).toMatch(/IANA time zone/);
    }
    const unknown = await t.alice.get('/api/overview?since=2020-01');
    expect(unknown.status).toBe(400);
    // Spelling is forgiven: the runtime's canonical name is used.
    expect((await overview(t.alice, 'europe/paris')).timeZone).toBe('Europe/Paris');
  });

  it('counts by status, wins, per-currency value this month and the month buckets, for the owner only', async () => {
    const aliceId = await userId(t.alice);
    const bobId = await userId(t.bob);
    const now = new Date();
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    // Noon on the 15th: the same month in UTC and in Paris.
    const mid = (offset: number) => new Date(Date.UTC(y, m + offset, 15, 12));
    // 23:30 UTC on the last day of the month `offset` months ago: already the next month in Paris.
    const boundary = new Date(Date.UTC(y, m - 2, 0, 23, 30));
    expect(monthIn(boundary, 'UTC')).toBe(monthLabel(y, m, -3));
    expect(monthIn(boundary, 'Europe/Paris')).toBe(monthLabel(y, m, -2));

    await insertRows(t.server, aliceId, [
      { status: 'draft', createdAt: mid(-1) },
      { status: 'draft', createdAt: mid(-1) },
      { status: 'sent', createdAt: mid(-5), sentAt: mid(-4) },
      { status: 'viewed', createdAt: mid(-4), sentAt: mid(-4), viewedAt: mid(-4) },
      // Accepted now: this month in any time zone.
      { status: 'accepted', currency: 'EUR', oneOff: 120_000, createdAt: mid(-2), sentAt: mid(-2), acceptedAt: now },
      // A retainer: its monthly total counts too (issue 24).
      {
        status: 'accepted',
        currency: 'EUR',
        oneOff: 30_050,
        monthly: 5_000,
        createdAt: mid(-1),
        sentAt: mid(-1),
        acceptedAt: now,
      },
      { status: 'accepted', currency: 'USD', oneOff: 900_000, createdAt: mid(-1), sentAt: mid(-1), acceptedAt: now },
      { status: 'accepted', currency: 'JPY', oneOff: 5_000, createdAt: mid(-3), sentAt: mid(-3), acceptedAt: boundary },
      { status: 'declined', createdAt: mid(-6), sentAt: mid(-6), declinedAt: mid(-5) },
      { status: 'expired', createdAt: mid(-8), sentAt: mid(-8), expiredAt: mid(-7) },
      // Older than the chart: counted by status, absent from the months.
      { status: 'declined', createdAt: mid(-20), sentAt: mid(-20), declinedAt: mid(-19) },
    ]);
    // Bob's accepted proposal this month must not show in Alice's figures, nor Alice's in his.
    await insertRows(t.server, bobId, [
      { status: 'accepted', currency: 'EUR', oneOff: 1, createdAt: now, sentAt: now, acceptedAt: now },
    ]);

    const utc = await overview(t.alice);
    expect(utc.counts).toEqual({ draft: 2, sent: 1, viewed: 1, accepted: 4, declined: 2, expired: 1, total: 11 });
    // 4 accepted, 2 declined; the expired one is not a decision.
    expect(utc.winRate).toBeCloseTo(4 / 6, 10);
    expect(utc.acceptedThisMonth).toEqual([
      { ...v('USD', 900_000), count: 1 },
      { ...v('EUR', 150_050, 5_000), count: 2 },
    ]);
    const label = (offset: number) => monthLabel(y, m, offset);
    expect(utc.months).toEqual(
      expectedMonths(label(0), {
        [label(-8)]: { created: 1, sent: 1 },
        [label(-6)]: { created: 1, sent: 1 },
        [label(-5)]: { created: 1 },
        [label(-4)]: { created: 1, sent: 2 },
        [label(-3)]: { created: 1, sent: 1, accepted: 1, acceptedValue: [v('JPY', 5_000)] },
        [label(-2)]: { created: 1, sent: 1 },
        [label(-1)]: { created: 4, sent: 2 },
        [label(0)]: {
          accepted: 3,
          acceptedValue: [v('USD', 900_000), v('EUR', 150_050, 5_000)],
        },
      }),
    );

    // In Paris the boundary acceptance falls in the next month.
    const paris = await overview(t.alice, 'Europe/Paris');
    const inParis = (month: string) => paris.months.find((x) => x.month === month);
    expect(inParis(label(-3))).toMatchObject({ accepted: 0, acceptedValue: [] });
    expect(inParis(label(-2))).toMatchObject({ accepted: 1, acceptedValue: [v('JPY', 5_000)] });
    expect(paris.counts).toEqual(utc.counts);

    const activity = utc.activity;
    expect(activity).toHaveLength(10);
    expect(activity.slice(0, 3).map((a) => a.kind)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(activity.map((a) => a.at)).toEqual([...activity.map((a) => a.at)].sort().reverse());

    const bob = await overview(t.bob);
    expect(bob.counts).toEqual({ ...EMPTY_COUNTS, accepted: 1, total: 1 });
    expect(bob.acceptedThisMonth).toEqual([{ ...v('EUR', 1), count: 1 }]);
    expect(bob.activity.every((a) => a.number.startsWith('P-T-'))).toBe(true);
    const aliceIds = new Set(activity.map((a) => a.proposalId));
    expect(bob.activity.some((a) => aliceIds.has(a.proposalId))).toBe(false);
  });

  it('lists a draft created through the API as recent activity', async () => {
    const { client } = await signUp(t.server);
    const created = await client.post('/api/proposals', { title: 'Brand refresh' });
    expect(created.status).toBe(201);
    const body = await overview(client);
    expect(body.counts).toEqual({ ...EMPTY_COUNTS, draft: 1, total: 1 });
    expect(body.months.at(-1)).toMatchObject({ created: 1, sent: 0, accepted: 0 });
    expect(body.activity).toEqual([
      {
        kind: 'created',
        at: created.body.createdAt,
        proposalId: created.body.id,
        number: created.body.number,
        title: 'Brand refresh',
        clientName: null,
        status: 'draft',
      },
    ]);
  });

  it('counts what the client accepted (options ticked off and on, quantities changed), one-off and recurring, not the defaults', async () => {
    const { client, user } = await signUp(t.server);
    await verifyEmail(t.server, user.id);
    const line = (id: string, fields: Partial<TPricingLine>): TPricingLine => ({
      id,
      description: id,
      quantity: 1000,
      unit: '',
      unitPrice: 0,
      discountPercent: 0,
      taxPercent: 0,
      billing: 'one_off',
      optional: false,
      selected: true,
      ...fields,
    });
    // Defaults: 1,500.00 + 400.00 (care, ticked in) + 10 h × 100.00 = 2,900.00.
    const document: TDocument = {
      version: 1,
      blocks: [
        {
          id: 'fees',
          type: 'pricing_table',
          title: 'Fees',
          kind: 'lines',
          lines: [
            line('build', { unitPrice: 150_000 }),
            line('care', { unitPrice: 40_000, optional: true, selected: true }),
            line('hours', {
              unit: 'h',
              quantity: 10_000,
              unitPrice: 10_000,
              quantityRange: { min: 5000, max: 40_000 },
            }),
            // A monthly retainer the client may add, and a yearly licence that is always in.
            line('retainer', { unitPrice: 25_000, billing: 'monthly', optional: true, selected: false }),
            line('licence', { unitPrice: 12_000, billing: 'yearly' }),
          ],
        },
      ],
    };
    /** Sends a draft and accepts it through its link with `selection`; returns the certificate. */
    const sendAndAccept = async (
      draft: Awaited<ReturnType<typeof readyDraft>>,
      selection: Record<string, unknown>,
      afterSend?: (version: number) => Promise<void>,
    ) => {
      const sent = await send(client, draft);
      expect(sent.status, sent.text).toBe(200);
      await afterSend?.(sent.body.version as number);
      const link = await client.get(`/api/proposals/${draft.id}/share-link`);
      const token = new URL(link.body.url as string).pathname.split('/').pop()!;
      const visitor = t.server.client({ ip: nextIp() });
      const shared = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
      const accepted = await visitor.post(`/api/share/${token}/accept`, {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        revisionHash: shared.revision.hash,
        selection,
        consent: true,
      });
      expect(accepted.status, accepted.text).toBe(201);
      return accepted.body as TAcceptanceCertificate;
    };

    // Care ticked off, 25 hours instead of 10: 1,500.00 + 2,500.00 = 4,000.00; the retainer ticked on.
    const first = await sendAndAccept(await readyDraft(client, { currency: 'EUR', document }), {
      care: { selected: false },
      hours: { quantity: 25_000 },
      retainer: { selected: true },
    });
    expect(first.totals.one_off.total).toBe(400_000);
    expect(first.totals.monthly.total).toBe(25_000);
    // Sent in EUR, then the draft switched to USD without sending again: the client accepted EUR.
    const switched = await readyDraft(client, { currency: 'EUR', document: sellingDocument() });
    const second = await sendAndAccept(switched, { seo: { selected: true } }, async (version) => {
      const patched = await client.patch(`/api/proposals/${switched.id}`, { version, currency: 'USD' });
      expect(patched.status, patched.text).toBe(200);
    });
    expect(second).toMatchObject({ currency: 'EUR', totals: { one_off: { total: 190_000 } } });

    const body = await overview(client);
    expect(body.counts).toEqual({ ...EMPTY_COUNTS, accepted: 2, total: 2 });
    expect(body.acceptedThisMonth).toEqual([{ ...v('EUR', 590_000, 25_000, 12_000), count: 2 }]);
    expect(body.months.at(-1)).toMatchObject({ accepted: 2, acceptedValue: [v('EUR', 590_000, 25_000, 12_000)] });
  });

  it('computes exact figures at a fixed instant, months cut in the time zone asked for', async () => {
    const { user } = await signUp(t.server);
    const db = t.server.deps.database.db;
    const actor = { id: user.id, email: user.email, name: user.name, emailVerified: false };
    const rows = await insertRows(t.server, user.id, [
      { status: 'draft', title: 'A', createdAt: '2026-03-02T10:00:00Z' },
      { status: 'draft', title: 'B', createdAt: '2025-12-10T10:00:00Z' },
      {
        status: 'sent',
        title: 'C',
        currency: 'USD',
        createdAt: '2026-01-05T10:00:00Z',
        sentAt: '2026-01-06T10:00:00Z',
      },
      {
        status: 'viewed',
        title: 'D',
        createdAt: '2026-02-01T10:00:00Z',
        sentAt: '2026-02-02T10:00:00Z',
        viewedAt: '2026-02-03T10:00:00Z',
      },
      {
        status: 'accepted',
        title: 'E',
        oneOff: 150_000,
        clientName: 'Ada',
        createdAt: '2025-12-01T10:00:00Z',
        sentAt: '2025-12-02T10:00:00Z',
        viewedAt: '2025-12-03T10:00:00Z',
        // New Year's Eve in UTC, 00:30 on 1 January in Paris.
        acceptedAt: '2025-12-31T23:30:00Z',
      },
      {
        status: 'accepted',
        title: 'F',
        currency: 'USD',
        oneOff: 90_000,
        yearly: 12_000,
        createdAt: '2026-02-20T10:00:00Z',
        sentAt: '2026-02-21T10:00:00Z',
        // February in UTC, March (this month) in Paris.
        acceptedAt: '2026-02-28T23:30:00Z',
      },
      {
        status: 'accepted',
        title: 'G',
        oneOff: 50_000,
        monthly: 10_000,
        createdAt: '2026-03-01T10:00:00Z',
        sentAt: '2026-03-03T10:00:00Z',
        acceptedAt: '2026-03-10T09:00:00Z',
      },
      {
        status: 'accepted',
        title: 'H',
        oneOff: 25_000,
        createdAt: '2026-03-11T10:00:00Z',
        sentAt: '2026-03-11T11:00:00Z',
        acceptedAt: '2026-03-12T10:00:00Z',
      },
      {
        status: 'declined',
        title: 'I',
        createdAt: '2025-11-01T10:00:00Z',
        sentAt: '2025-11-02T10:00:00Z',
        declinedAt: '2025-11-20T10:00:00Z',
      },
      {
        status: 'expired',
        title: 'J',
        createdAt: '2025-05-01T10:00:00Z',
        sentAt: '2025-05-02T10:00:00Z',
        expiredAt: '2025-06-01T10:00:00Z',
      },
      // March 2025 in UTC (before the chart), April 2025 (its first month) in Paris.
      { status: 'draft', title: 'K', createdAt: '2025-03-31T23:30:00Z' },
    ]);
    const number = Object.fromEntries(rows.map((r, i) => [String.fromCharCode(65 + i), r.number]));
    const now = new Date('2026-03-15T12:00:00Z');

    const utc = await getOverview({ db, actor, tz: 'UTC', now });
    expect(utc.counts).toEqual({ draft: 3, sent: 1, viewed: 1, accepted: 4, declined: 1, expired: 1, total: 11 });
    expect(utc.winRate).toBe(0.8);
    expect(utc.acceptedThisMonth).toEqual([{ ...v('EUR', 75_000, 10_000), count: 2 }]);
    const shared = {
      '2025-05': { created: 1, sent: 1 },
      '2025-11': { created: 1, sent: 1 },
      '2026-01': { created: 1, sent: 1 },
      '2026-02': { created: 2, sent: 2 },
    };
    expect(utc.months).toEqual(
      expectedMonths('2026-03', {
        ...shared,
        '2025-12': { created: 2, sent: 1, accepted: 1, acceptedValue: [v('EUR', 150_000)] },
        '2026-02': { created: 2, sent: 2, accepted: 1, acceptedValue: [v('USD', 90_000, 0, 12_000)] },
        '2026-03': { created: 3, sent: 2, accepted: 2, acceptedValue: [v('EUR', 75_000, 10_000)] },
      }),
    );

    const paris = await getOverview({ db, actor, tz: 'Europe/Paris', now });
    // Largest first by a first year's worth: EUR 750 + 12 × 100 beats USD 900 + 120, though its one-off is smaller.
    expect(paris.acceptedThisMonth).toEqual([
      { ...v('EUR', 75_000, 10_000), count: 2 },
      { ...v('USD', 90_000, 0, 12_000), count: 1 },
    ]);
    expect(paris.months).toEqual(
      expectedMonths('2026-03', {
        ...shared,
        '2025-04': { created: 1 },
        '2025-12': { created: 2, sent: 1 },
        '2026-01': { created: 1, sent: 1, accepted: 1, acceptedValue: [v('EUR', 150_000)] },
        '2026-03': {
          created: 3,
          sent: 2,
          accepted: 3,
          acceptedValue: [v('EUR', 75_000, 10_000), v('USD', 90_000, 0, 12_000)],
        },
      }),
    );

    expect(utc.activity.map((a) => [a.kind, a.title])).toEqual([
      ['accepted', 'H'],
      ['sent', 'H'],
      ['created', 'H'],
      ['accepted', 'G'],
      ['sent', 'G'],
      ['created', 'A'],
      ['created', 'G'],
      ['accepted', 'F'],
      ['sent', 'F'],
      ['created', 'F'],
    ]);
    expect(utc.activity[0]).toEqual({
      kind: 'accepted',
      at: '2026-03-12T10:00:00.000Z',
      proposalId: rows[7]!.id,
      number: number.H,
      title: 'H',
      clientName: null,
      status: 'accepted',
    });

    // Many events at one instant: newest-first still holds and the list stops at ten.
    await insertRows(
      t.server,
      user.id,
      Array.from({ length: 12 }, () => ({
        status: 'declined' as const,
        clientName: 'Tie Ltd',
        createdAt: '2026-03-14T08:00:00Z',
        sentAt: '2026-03-14T08:00:00Z',
        declinedAt: '2026-03-14T09:00:00Z',
      })),
    );
    const ties = await getOverview({ db, actor, tz: 'UTC', now });
    expect(ties.activity).toHaveLength(10);
    expect(ties.activity.every((a) => a.kind === 'declined' && a.clientName === 'Tie Ltd')).toBe(true);
    expect(ties.winRate).toBe(4 / 17);
  });

  it('answers for 10,000 proposals with exact totals', async () => {
    const { client } = await signUp(t.server);
    const ownerId = await userId(client);
    const db = t.server.deps.database.db;
    // Spread over 24 months back from now; every fifth one accepted at creation in USD, for 100
    // (its defaults say 1).
    await db.execute(sql`
      insert into proposals (owner_id, number, title, client, currency, status, document, totals,
        created_at, updated_at, sent_at, accepted_at)
      select ${ownerId}, 'P-BULK-' || i, 'Bulk ' || i, '{}'::jsonb, 'USD',
        case when i % 5 = 0 then 'accepted' else 'draft' end,
        '{"version":1,"blocks":[]}'::jsonb,
        '{"one_off":{"net":1,"discount":0,"tax":0,"total":1},"monthly":{"net":0,"discount":0,"tax":0,"total":0},"yearly":{"net":0,"discount":0,"tax":0,"total":0}}'::jsonb,
        now() - (i % 730) * interval '1 day', now() - (i % 730) * interval '1 day',
        case when i % 5 = 0 then now() - (i % 730) * interval '1 day' end,
        case when i % 5 = 0 then now() - (i % 730) * interval '1 day' end
      from generate_series(1, 10000) as i`);
    await db.execute(sql`
      insert into proposal_revisions (proposal_id, owner_id, number, snapshot, hash)
      select id, owner_id, 1, '{"currency":"USD"}'::jsonb, id::text from proposals
      where owner_id = ${ownerId} and status = 'accepted'`);
    await db.execute(sql`
      insert into acceptances (proposal_id, owner_id, revision_id, name, email, ip_address, user_agent,
        consent_text, consent_hash, selection, totals, accepted_at)
      select r.proposal_id, r.owner_id, r.id, 'Client', 'client@example.com', '192.0.2.1', 'test', 'consent', 'hash',
        '{}'::jsonb,
        '{"one_off":{"net":100,"discount":0,"tax":0,"total":100},"monthly":{"net":0,"discount":0,"tax":0,"total":0},"yearly":{"net":0,"discount":0,"tax":0,"total":0}}'::jsonb,
        p.accepted_at
      from proposal_revisions r join proposals p on p.id = r.proposal_id where r.owner_id = ${ownerId}`);
    const body = await overview(client);
    expect(body.counts).toEqual({ ...EMPTY_COUNTS, draft: 8000, accepted: 2000, total: 10_000 });
    expect(body.winRate).toBe(1);
    expect(body.months).toHaveLength(12);
    const accepted = body.months.reduce((n, month) => n + month.accepted, 0);
    const value = body.months.reduce((n, month) => n + (month.acceptedValue[0]?.one_off ?? 0), 0);
    expect(value).toBe(accepted * 100);
    // About half the rows are less than a year old.
    expect(accepted).toBeGreaterThan(800);
    expect(accepted).toBeLessThan(1100);
    // The newest events are the thirteen rows made at the statement's instant.
    expect(body.activity).toHaveLength(10);
    expect(new Set(body.activity.map((a) => a.at)).size).toBe(1);
    expect(body.activity.every((a) => Number(a.title.slice(5)) % 730 === 0)).toBe(true);
  });
});
