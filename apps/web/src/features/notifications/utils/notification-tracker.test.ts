import type { TNotificationFeed, TProposalNotification } from '@draftwell/shared/share/share-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as app } from '@draftwell/shared/i18n/catalogs/app/de';
import { messages as page } from '@draftwell/shared/i18n/catalogs/page/de';
import { messages as later } from '@draftwell/shared/i18n/catalogs/page-later/de';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import { fetchNotifications } from '../api/get-notifications';
import { NotificationTracker, type TNotificationSource } from './notification-tracker';
import { notificationTitle, notificationToasts } from './notification-toasts';

const note = (seq: number, patch: Partial<TProposalNotification> = {}): TProposalNotification => ({
  seq,
  proposalId: '6f1c1a52-0d7e-4a43-9a3e-8f5b2f3c9e01',
  proposalNumber: 'P-2026-0001',
  proposalTitle: 'Website redesign',
  type: 'commented',
  at: '2026-05-03T10:00:00.000Z',
  text: `Dana Reyes commented on “Website redesign”. (${seq})`,
  actor: 'Dana Reyes',
  amount: null,
  ...patch,
});

/** The server's feed: every notification so far; `after` picks what came since, 100 a page. */
class FakeServer {
  items: TProposalNotification[] = [];
  requests: string[] = [];
  offline = false;

  add(...seqs: number[]) {
    for (const seq of seqs) this.items.push(note(seq));
  }

  fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
    this.requests.push(`${url.pathname}${url.search}`);
    if (this.offline) throw new TypeError('Failed to fetch');
    const after = url.searchParams.get('after');
    const newest = this.items.at(-1)?.seq ?? 0;
    let body: TNotificationFeed;
    if (after === null) body = { items: [], lastSeq: newest };
    else {
      const page = this.items.filter((n) => n.seq > Number(after)).slice(0, 100);
      body = { items: page, lastSeq: page.at(-1)?.seq ?? Number(after) };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

describe('NotificationTracker (R10 catch-up through /api/notifications)', () => {
  let server: FakeServer;
  let told: Array<{ seqs: number[]; source: TNotificationSource }>;
  let tracker: NotificationTracker;

  beforeEach(() => {
    server = new FakeServer();
    vi.stubGlobal('fetch', server.fetch);
    told = [];
    tracker = new NotificationTracker({
      fetchFeed: (after) => fetchNotifications(after),
      onNotifications: (items, source) => told.push({ seqs: items.map((n) => n.seq), source }),
      onError: () => undefined,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts where the feed stands, replaying no history', async () => {
    server.add(1, 2, 3);
    await tracker.start();
    expect(server.requests).toEqual(['/api/notifications']);
    expect(tracker.position).toBe(3);
    expect(told).toEqual([]);
  });

  it('after a reconnect fetches what came since the last seq seen, and tells it once', async () => {
    server.add(4);
    await tracker.start();
    tracker.receive(note(5));
    expect(told).toEqual([{ seqs: [5], source: 'live' }]);

    // The socket dropped; 6 and 7 happened meanwhile.
    server.add(5, 6, 7);
    await tracker.catchUp();
    expect(server.requests).toContain('/api/notifications?after=5');
    expect(told.at(-1)).toEqual({ seqs: [6, 7], source: 'missed' });
    expect(tracker.position).toBe(7);

    // Nothing new: nothing told, nothing twice.
    await tracker.catchUp();
    expect(told).toHaveLength(2);
    expect(server.requests.at(-1)).toBe('/api/notifications?after=7');
  });

  it('an event both pushed live and fetched in a catch-up is told once', async () => {
    await tracker.start();
    server.add(1, 2);
    const catchingUp = tracker.catchUp();
    // Seq 2 also arrives over the fresh socket while the catch-up is in flight.
    tracker.receive(note(2));
    await catchingUp;
    const all = told.flatMap((t) => t.seqs);
    expect(all.sort()).toEqual([1, 2]);
  });

  it('reads every page of a long absence, and never runs two catch-ups at once', async () => {
    await tracker.start();
    server.add(...Array.from({ length: 250 }, (_, i) => i + 1));
    await Promise.all([tracker.catchUp(), tracker.catchUp(), tracker.catchUp()]);
    expect(told).toHaveLength(1);
    expect(told[0]!.seqs).toHaveLength(250);
    expect(tracker.position).toBe(250);
    const afters = server.requests.filter((r) => r.includes('after='));
    // 100, 100, 50, then an empty page; the second and third calls share one more run.
    expect(afters.slice(0, 4)).toEqual([
      '/api/notifications?after=0',
      '/api/notifications?after=100',
      '/api/notifications?after=200',
      '/api/notifications?after=250',
    ]);
  });

  it('a failed catch-up keeps its place, and the next one fetches from there', async () => {
    server.add(10);
    await tracker.start();
    server.add(11, 12);
    server.offline = true;
    await tracker.catchUp();
    expect(told).toEqual([]);
    expect(tracker.position).toBe(10);
    server.offline = false;
    await tracker.catchUp();
    expect(told).toEqual([{ seqs: [11, 12], source: 'missed' }]);
  });

  it('a reconnect before the first answer only learns where the feed stands', async () => {
    server.offline = true;
    await tracker.start();
    expect(tracker.position).toBeNull();
    server.offline = false;
    server.add(1, 2);
    await tracker.catchUp();
    expect(server.requests.at(-1)).toBe('/api/notifications');
    expect(told).toEqual([]);
    expect(tracker.position).toBe(2);
  });

  it('stops telling once stopped', async () => {
    await tracker.start();
    tracker.stop();
    tracker.receive(note(1));
    server.add(1, 2);
    await tracker.catchUp();
    expect(told).toEqual([]);
  });
});

describe('notificationToasts', () => {
  it('one toast per live notification, titled in the app’s words, described by its number, viewing its proposal', () => {
    const toasts = notificationToasts([note(1, { type: 'accepted', text: 'English for integrations' })], 'live');
    expect(toasts).toEqual([
      {
        id: 'activity-1',
        title: 'Dana Reyes accepted “Website redesign”.',
        description: 'P-2026-0001',
        proposalId: note(1).proposalId,
        tone: 'success',
      },
    ]);
  });

  it('up to three missed are shown one by one; more become one summary', () => {
    expect(notificationToasts([note(1), note(2), note(3)], 'missed')).toHaveLength(3);
    const four = notificationToasts(
      [note(1, { type: 'opened' }), note(2), note(3), note(4, { type: 'accepted' })],
      'missed',
    );
    expect(four).toHaveLength(1);
    expect(four[0]).toMatchObject({
      title: '4 updates while you were away',
      description: '1 opening, 2 comments, 1 acceptance on P-2026-0001',
      proposalId: note(1).proposalId,
      tone: 'success',
    });
  });

  it('a summary over several proposals views the dashboard', () => {
    const other = { proposalId: 'a4d0f7a0-0000-4000-8000-000000000002', proposalNumber: 'P-2026-0002' };
    const [summary] = notificationToasts([note(1), note(2, other), note(3), note(4, other), note(5)], 'missed');
    expect(summary).toMatchObject({
      description: '5 comments on 2 proposals (P-2026-0001, P-2026-0002)',
      proposalId: null,
    });
  });
});

describe('notificationTitle', () => {
  it('writes each kind in the app’s language from the notification’s facts, not the server’s English', () => {
    const german = createI18n('de', page, later, app);
    const paid = note(1, { type: 'paid', amount: { amount: 120000, currency: 'EUR' } });
    expect(notificationTitle(german, note(1, { type: 'accepted' }))).toBe(
      german._('{who} accepted “{title}”.', { who: 'Dana Reyes', title: 'Website redesign' }),
    );
    expect(notificationTitle(german, paid)).toMatch(/1\.200\s€/);
    expect(notificationTitle(german, note(1, { type: 'expired', actor: null }))).toContain('Website redesign');
    expect(notificationTitle(german, note(1, { type: 'opened', actor: null }))).toContain(german._('Your client'));
    for (const type of [
      'opened',
      'commented',
      'signed',
      'accepted',
      'declined',
      'expired',
      'paid',
      'payment_failed',
    ] as const) {
      const shown = notificationTitle(german, note(1, { type, amount: { amount: 5000, currency: 'EUR' } }));
      expect(shown, type).not.toMatch(/\b(opened|commented|signed|accepted|declined|expired|paid|payment|did not)\b/);
      expect(shown, type).not.toBe(
        notificationTitle(englishI18n, note(1, { type, amount: { amount: 5000, currency: 'EUR' } })),
      );
    }
  });
});
