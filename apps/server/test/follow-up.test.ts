import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProposalEvent, TSharedProposal, TSigningState } from '@draftwell/shared';
import type { TFollowUpDefaults, TProposalFollowUp } from '@draftwell/shared/workspace/follow-up';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { sweepExpired } from '../src/modules/proposals/expiry';
import { setPlanByEmail } from '../src/modules/billing/set-plan';
import { addDays, dayNumber, localClock, localDay } from '../src/modules/follow-up/schedule';
import { followUpStopToken } from '../src/modules/follow-up/stop-token';
import { runFollowUps, sweepFollowUps } from '../src/modules/follow-up/sweep';
import {
  backends,
  createPostgresDatabase,
  nextIp,
  randomSecret,
  signUp,
  startMailSink,
  startTestServer,
  type Client,
  type TBackend,
  type TMailSink,
  type TReceivedMail,
  type TTestServer,
} from './helpers';
import { inDays, readyDraft, verifyEmail } from './proposal-fixtures';

/**
 * Follow-up automation (issue 16): reminders to signers who have not signed, on the owner's
 * cadence and up to their maximum; expiry warnings 3 days and 1 day before the valid-until date
 * in the owner's time zone; stopped by every outcome and by the client's stop link; one mail per
 * key however many sweeps run, and one per due step after downtime; nothing on the free plan.
 * The sweep takes its clock as an argument: each test moves it to the days it checks.
 */

const HOUR = 3_600_000;
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** The instant at `hour`:00 of `day` in a time zone. */
function at(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let t = Date.UTC(y, m - 1, d, hour);
  for (let i = 0; i < 3; i++) {
    const clock = localClock(new Date(t), timeZone);
    const diff = (dayNumber(clock.day) - dayNumber(day)) * 24 + (clock.hour - hour);
    if (diff === 0) break;
    t -= diff * HOUR;
  }
  return new Date(t);
}

type TSignerSpec = { name: string; email: string };

describe.each(backends())('follow-up automation (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let mail: TMailSink;
  let owner: Client;
  let ownerEmail: string;
  const TZ = 'Europe/Paris';
  const visitor = () => server.client({ ip: nextIp() });
  const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@acme.example`;

  beforeAll(async () => {
    mail = await startMailSink();
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const a = await signUp(server, { name: 'Olivia Owner' });
    owner = a.client;
    ownerEmail = a.email;
    await verifyEmail(server, a.user.id);
    const saved = await owner.request('/api/follow-up/defaults', {
      method: 'PUT',
      json: {
        reminders: true,
        firstAfterDays: 3,
        everyDays: 4,
        maxReminders: 5,
        expiryWarnings: false,
        timeZone: TZ,
        version: 0,
      },
    });
    expect(saved.status, saved.text).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  async function sendAs(
    client: Client,
    signers: TSignerSpec[],
    opts: { signing?: Record<string, unknown>; validUntil?: string } = {},
  ) {
    const draft = await readyDraft(client, { validUntil: opts.validUntil ?? inDays(60) });
    const res = await client.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      message: 'Please sign.',
      signers: signers.map((s) => ({ ...s, role: '' })),
      ...(opts.signing ? { signing: opts.signing } : {}),
    });
    expect(res.status, res.text).toBe(200);
    const state = (await client.get(`/api/proposals/${draft.id}/signers`)).body as TSigningState;
    const signer = (email: string) => state.signers.find((s) => s.email === email)!;
    return { proposal: res.body as TProposal, state, signer, token: (email: string) => tokenOf(signer(email).url!) };
  }
  const send = (signers: TSignerSpec[], opts?: Parameters<typeof sendAs>[2]) => sendAs(owner, signers, opts);

  /** The local day the signer was emailed their link. */
  const invitedDay = (sent: Awaited<ReturnType<typeof send>>, email: string, tz = TZ) =>
    localDay(new Date(sent.signer(email).invitedAt!), tz);

  async function mailsOf(proposalIds: string[]): Promise<number> {
    if (proposalIds.length === 0) return 0;
    const res = (await server.deps.database.db.execute(
      sql`select count(*)::int as n from follow_up_mails where proposal_id in (${sql.join(
        proposalIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: Array<{ n: number }> };
    return res.rows[0]!.n;
  }

  /**
   * One sweep at `now`; the automatic mails it sent for these proposals (the sweep also serves
   * the other tests' proposals, each at the day this clock is for them).
   */
  async function sweep(now: Date, ...proposalIds: string[]): Promise<number> {
    const before = await mailsOf(proposalIds);
    await sweepFollowUps(server.deps, now);
    await server.deps.outbox.drain();
    return (await mailsOf(proposalIds)) - before;
  }

  const automaticTo = (email: string): TReceivedMail[] =>
    mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && /^(Reminder|Closes)/.test(m.subject));

  async function events(proposalId: string, client = owner): Promise<TProposalEvent[]> {
    const res = await client.get(`/api/proposals/${proposalId}/events`);
    expect(res.status, res.text).toBe(200);
    return res.body.items as TProposalEvent[];
  }

  async function followUpOf(proposalId: string, client = owner): Promise<TProposalFollowUp> {
    const res = await client.get(`/api/follow-up/proposals/${proposalId}`);
    expect(res.status, res.text).toBe(200);
    return res.body as TProposalFollowUp;
  }

  it('the first reminder after N days, then every M days, at most the maximum; worded for whether they opened it', async () => {
    const dana = { name: 'Dana Reyes', email: address('dana') };
    const sent = await send([dana]);
    const day0 = invitedDay(sent, dana.email);
    const view = await followUpOf(sent.proposal.id);
    expect(view.settings).toEqual({
      reminders: true,
      firstAfterDays: 3,
      everyDays: 4,
      maxReminders: 5,
      expiryWarnings: false,
    });
    expect(view.timeZone).toBe(TZ);
    expect(view.signers).toEqual([
      expect.objectContaining({
        email: dana.email,
        state: 'waiting',
        remindersSent: 0,
        nextReminderOn: addDays(day0, 3),
      }),
    ]);

    const id = sent.proposal.id;
    expect(await sweep(at(addDays(day0, 2), 12, TZ), id)).toBe(0);
    // Not before 9:00 in the owner's time zone, even on the day.
    expect(await sweep(at(addDays(day0, 3), 8, TZ), id)).toBe(0);
    expect(await sweep(at(addDays(day0, 3), 10, TZ), id)).toBe(1);
    expect(await sweep(at(addDays(day0, 3), 16, TZ), id)).toBe(0);
    const [first] = automaticTo(dana.email);
    expect(first!.subject).toBe('Reminder: Website redesign');
    expect(first!.text).toMatch(/you have not opened the proposal “Website redesign” yet/);
    // The signer's own link, and the stop link.
    expect(first!.links).toContain(`${server.env.baseUrl}/p/${sent.token(dana.email)}`);
    expect(first!.links.some((l) => l.startsWith(`${server.env.baseUrl}/p/stop/`))).toBe(true);
    expect(first!.headers.get('reply-to')).toBe(ownerEmail);

    // She opens it: the next reminder says it waits for her signature.
    expect((await visitor().post(`/api/share/${sent.token(dana.email)}/views`, {})).status).toBe(201);
    for (const [offset, expected] of [
      [6, 0],
      [7, 1],
      [10, 0],
      [11, 1],
      [15, 1],
      [19, 1],
      [23, 0],
      [27, 0],
      [45, 0],
    ] as const) {
      expect(await sweep(at(addDays(day0, offset), 10, TZ), id), `day ${offset}`).toBe(expected);
    }
    const all = automaticTo(dana.email);
    expect(all).toHaveLength(5);
    expect(all[1]!.text).toMatch(/is still waiting for your signature/);

    const reminders = (await events(sent.proposal.id)).filter((e) => e.type === 'reminder_sent');
    expect(reminders.map((e) => [e.actor, e.data.automatic, e.data.step, e.data.of, e.data.names])).toEqual(
      [1, 2, 3, 4, 5].map((step) => ['system', true, step, 5, [dana.name]]),
    );
    const after = await followUpOf(sent.proposal.id);
    expect(after.signers[0]).toMatchObject({ remindersSent: 5, nextReminderOn: null });
  });

  it('stops on acceptance, decline, withdrawal and expiry, and never reminds who signed or whose turn has not come', async () => {
    const [a, b, c, d, e1, e2, seq1, seq2] = Array.from({ length: 8 }, (_, i) => ({
      name: `Signer ${i}`,
      email: address(`s${i}`),
    })) as [TSignerSpec, TSignerSpec, TSignerSpec, TSignerSpec, TSignerSpec, TSignerSpec, TSignerSpec, TSignerSpec];
    const accepted = await send([a]);
    const declined = await send([b]);
    const withdrawn = await send([c]);
    const expired = await send([d], { validUntil: inDays(2) });
    const half = await send([e1, e2]);
    const inOrder = await send([seq1, seq2], { signing: { order: 'sequential' } });

    const sign = async (token: string, who: TSignerSpec) => {
      const page = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
      return visitor().post(`/api/share/${token}/accept`, {
        name: who.name,
        email: who.email,
        consent: true,
        revisionHash: page.revision.hash,
      });
    };
    expect((await sign(accepted.token(a.email), a)).status).toBe(201);
    expect(
      (await visitor().post(`/api/share/${declined.token(b.email)}/decline`, { reason: 'No budget' })).status,
    ).toBe(204);
    expect((await owner.post(`/api/proposals/${withdrawn.proposal.id}/withdraw`)).status).toBe(200);
    expect((await sign(half.token(e1.email), e1)).status).toBe(202);

    const day0 = invitedDay(accepted, a.email);
    // Three days on: past the expired one's date; due for all the others.
    await sweep(at(addDays(day0, 3), 10, TZ));
    for (const who of [a, b, c, d, e1, seq2]) expect(automaticTo(who.email), who.name).toHaveLength(0);
    expect(automaticTo(e2.email)).toHaveLength(1);
    expect(automaticTo(seq1.email)).toHaveLength(1);

    // The expiry sweep expires it for real; it stays without mail.
    await server.deps.database.db.execute(
      sql`update proposals set valid_until = ${inDays(-1)} where id = ${expired.proposal.id}`,
    );
    const deps = server.deps;
    await sweepExpired({ db: deps.database.db, database: deps.database, realtime: deps.realtime, logger: deps.logger });
    await sweep(at(addDays(day0, 8), 10, TZ));
    expect(automaticTo(d.email)).toHaveLength(0);
    expect(automaticTo(e2.email)).toHaveLength(2);
    // The second signer in order, never invited yet, has not been reminded; the first has.
    expect(automaticTo(seq2.email)).toHaveLength(0);
    expect(automaticTo(seq1.email)).toHaveLength(2);
    expect(inOrder.signer(seq2.email).invitedAt).toBeNull();
    const view = await followUpOf(inOrder.proposal.id);
    expect(view.signers.map((s) => s.state)).toEqual(['waiting', 'not_yet']);
    expect((await followUpOf(accepted.proposal.id)).active).toBe(false);
  });

  it('expiry warnings 3 days and 1 day before the date, in the owner’s time zone; the owner the day before', async () => {
    // Kiritimati is 14 hours ahead of UTC: its morning is the previous day in UTC.
    const KIRITIMATI = 'Pacific/Kiritimati';
    const far = await signUp(server, { name: 'Kiri Owner' });
    await verifyEmail(server, far.user.id);
    const utc = await signUp(server, { name: 'Uma Utc' });
    await verifyEmail(server, utc.user.id);
    const settings = { reminders: false, firstAfterDays: 3, everyDays: 4, maxReminders: 5, expiryWarnings: true };
    for (const [client, timeZone] of [
      [far.client, KIRITIMATI],
      [utc.client, 'UTC'],
    ] as const) {
      const res = await client.request('/api/follow-up/defaults', {
        method: 'PUT',
        json: { ...settings, timeZone, version: 0 },
      });
      expect(res.status, res.text).toBe(200);
    }
    const validUntil = inDays(10);
    const kate = { name: 'Kate Kiri', email: address('kate') };
    const ursula = { name: 'Ursula Utc', email: address('ursula') };
    const kiri = await sendAs(far.client, [kate], { validUntil });
    const plain = await sendAs(utc.client, [ursula], { validUntil });

    const threeBefore = at(addDays(validUntil, -3), 10, KIRITIMATI);
    // In UTC that instant is still four days before the date.
    expect(localDay(threeBefore, 'UTC')).toBe(addDays(validUntil, -4));
    const ids = [kiri.proposal.id, plain.proposal.id];
    expect(await sweep(threeBefore, ...ids)).toBe(1);
    expect(automaticTo(kate.email).map((m) => m.subject)).toEqual(['Closes in 3 days: Website redesign']);
    expect(automaticTo(kate.email)[0]!.text).toMatch(/can be accepted until the end of .*, 3 days from now/);
    expect(automaticTo(ursula.email)).toHaveLength(0);
    expect(await sweep(new Date(threeBefore.getTime() + 3 * HOUR), ...ids)).toBe(0);

    // The UTC owner's signer is warned at 10:00 UTC of their third day before.
    expect(await sweep(at(addDays(validUntil, -3), 10, 'UTC'), ...ids)).toBe(1);
    expect(automaticTo(ursula.email)).toHaveLength(1);

    const dayBefore = at(addDays(validUntil, -1), 10, KIRITIMATI);
    expect(await sweep(dayBefore, kiri.proposal.id)).toBe(2);
    expect(automaticTo(kate.email).map((m) => m.subject)).toEqual([
      'Closes in 3 days: Website redesign',
      'Closes tomorrow: Website redesign',
    ]);
    const ownerWarning = mail.messages.filter(
      (m) => m.to.includes(far.email.toLowerCase()) && /^Closes/.test(m.subject),
    );
    expect(ownerWarning.map((m) => m.subject)).toEqual(['Closes tomorrow: Website redesign']);
    expect(ownerWarning[0]!.text).toMatch(/Still to sign: Kate Kiri/);
    expect(ownerWarning[0]!.links).toContain(`${server.env.baseUrl}/proposals/${kiri.proposal.id}`);
    // Owner mail carries no stop link.
    expect(ownerWarning[0]!.links.some((l) => l.includes('/p/stop/'))).toBe(false);

    const warned = (await events(kiri.proposal.id, far.client)).filter((e) => e.type === 'expiry_warning_sent');
    expect(warned.map((e) => [e.actor, e.data.audience, e.data.daysLeft])).toEqual([
      ['system', 'client', 3],
      ['system', 'client', 1],
      ['system', 'owner', 1],
    ]);
    // Another owner's proposals are none of this owner's business (A1).
    expect((await far.client.get(`/api/follow-up/proposals/${plain.proposal.id}`)).status).toBe(404);
  });

  it('catches up after downtime with each due mail once, not one per missed day', async () => {
    const settings = { reminders: true, firstAfterDays: 3, everyDays: 4, maxReminders: 5, expiryWarnings: true };
    const validUntil = inDays(40);
    const ray = { name: 'Ray Late', email: address('ray') };
    const sent = await send([ray], { validUntil });
    const put = await owner.request(`/api/follow-up/proposals/${sent.proposal.id}`, {
      method: 'PUT',
      json: { ...settings, version: 1 },
    });
    expect(put.status, put.text).toBe(200);
    const day0 = invitedDay(sent, ray.email);
    const id = sent.proposal.id;
    // Down for 20 days: five reminders' worth of days went by; one goes, the first.
    expect(await sweep(at(addDays(day0, 20), 11, TZ), id)).toBe(1);
    expect(await sweep(at(addDays(day0, 20), 15, TZ), id)).toBe(0);
    expect(await sweep(at(addDays(day0, 22), 11, TZ), id)).toBe(0);
    expect(await sweep(at(addDays(day0, 24), 11, TZ), id)).toBe(1);
    expect(automaticTo(ray.email).map((m) => m.subject)).toEqual([
      'Reminder: Website redesign',
      'Reminder: Website redesign',
    ]);
    // Down again over both warning days: only the warning for the day now, then nothing more.
    expect(await sweep(at(addDays(validUntil, -1), 11, TZ), id)).toBe(2);
    expect(
      automaticTo(ray.email)
        .map((m) => m.subject)
        .slice(2),
    ).toEqual(['Closes tomorrow: Website redesign']);
    expect(await sweep(at(validUntil, 11, TZ), id)).toBe(1);
    expect(automaticTo(ray.email).at(-1)!.subject).toBe('Reminder: Website redesign');
    expect(await sweep(at(addDays(validUntil, 1), 11, TZ), id)).toBe(0);
    const rows = await server.deps.database.db.execute(
      sql`select kind, step from follow_up_mails where proposal_id = ${sent.proposal.id} order by sent_at, kind`,
    );
    expect((rows as unknown as { rows: Array<{ kind: string; step: number }> }).rows).toEqual([
      { kind: 'reminder', step: 1 },
      { kind: 'reminder', step: 2 },
      { kind: 'expiry_warning', step: 1 },
      { kind: 'expiry_warning', step: 1 },
      { kind: 'reminder', step: 3 },
    ]);
  });

  it('the stop link: reading it changes nothing; stopping is recorded once; forged links do not work', async () => {
    const sam = { name: 'Sam Stop', email: address('sam') };
    const tia = { name: 'Tia Stays', email: address('tia') };
    const sent = await send([sam, tia]);
    const day0 = invitedDay(sent, sam.email);
    expect(await sweep(at(addDays(day0, 3), 10, TZ), sent.proposal.id)).toBe(2);
    const link = automaticTo(sam.email)[0]!.links.find((l) => l.includes('/p/stop/'))!;
    const token = tokenOf(link);
    expect(token).toBe(followUpStopToken(server.env.authSecret, sent.signer(sam.email).id));

    const read = await visitor().get(`/api/follow-up/stop/${token}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      title: 'Website redesign',
      senderName: 'Olivia Owner',
      email: expect.stringMatching(/^s\*\*\*@acme\.example$/),
      stopped: false,
    });
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.get('x-robots-tag')).toBe('noindex, nofollow');

    // Forged: another signer's id with this MAC, a changed MAC, another secret's token, garbage.
    const tiaId = sent.signer(tia.email).id.replaceAll('-', '');
    const forged = [
      `${tiaId}${token.slice(32)}`,
      `${token.slice(0, -10)}${token.at(-10) === 'Q' ? 'R' : 'Q'}${token.slice(-9)}`,
      followUpStopToken(randomSecret(), sent.signer(tia.email).id),
      'nonsense',
      `${randomUUID().replaceAll('-', '')}${token.slice(32)}`,
    ];
    for (const bad of forged) {
      const res = await visitor().post(`/api/follow-up/stop/${bad}`, {});
      expect(res.status, bad).toBe(404);
      expect(res.body.error.message).toMatch(/This link does not work/);
    }
    // A cross-site POST is refused like any other (A7).
    expect((await visitor().post(`/api/follow-up/stop/${token}`, {}, { origin: 'https://evil.example' })).status).toBe(
      403,
    );

    const stopped = await visitor().post(`/api/follow-up/stop/${token}`, {});
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.stopped).toBe(true);
    expect((await visitor().post(`/api/follow-up/stop/${token}`, {})).body.stopped).toBe(true);
    const recorded = (await events(sent.proposal.id)).filter((e) => e.type === 'follow_up_stopped');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor: 'client', data: { name: sam.name, email: sam.email } });
    expect(recorded[0]!.ipAddress).not.toBeNull();

    expect(await sweep(at(addDays(day0, 7), 10, TZ), sent.proposal.id)).toBe(1);
    expect(automaticTo(sam.email)).toHaveLength(1);
    expect(automaticTo(tia.email)).toHaveLength(2);
    // The account export carries all of it (no lock-in).
    const exported = (await owner.get('/api/account/export')).body;
    expect(exported.followUp.defaults).toMatchObject({ timeZone: TZ, firstAfterDays: 3 });
    expect(exported.followUp.stops).toEqual([
      expect.objectContaining({ signerId: sent.signer(sam.email).id, proposalId: sent.proposal.id }),
    ]);
    expect(
      exported.followUp.mails.filter((m: { proposalId: string }) => m.proposalId === sent.proposal.id),
    ).toHaveLength(3);
    const view = await followUpOf(sent.proposal.id);
    expect(view.signers.map((s) => [s.email, s.state, s.nextReminderOn === null])).toEqual([
      [sam.email, 'stopped', true],
      [tia.email, 'waiting', false],
    ]);
  });

  it('two instances sweeping at once send each mail once; the unique key holds even without the lock', async () => {
    const authSecret = randomSecret();
    const shared: { pglite?: PGlite; databaseUrl?: string } =
      backend === 'pglite' ? { pglite: await PGlite.create() } : { databaseUrl: await createPostgresDatabase() };
    const opts = { backend, authSecret, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' }, ...shared } as const;
    const a = await startTestServer({ ...opts, ...(shared.pglite ? { skipDataDirLock: true } : {}) });
    const b = await startTestServer({ ...opts, ...(shared.pglite ? { skipDataDirLock: true } : {}) });
    try {
      const who = await signUp(a, { name: 'Twin Owner' });
      await verifyEmail(a, who.user.id);
      const signers = [
        { name: 'One', email: address('one') },
        { name: 'Two', email: address('two') },
      ];
      const sent = await sendAs(who.client, signers);
      const day0 = localDay(new Date(sent.signer(signers[0]!.email).invitedAt!), 'UTC');
      const now = at(addDays(day0, 3), 10, 'UTC');
      const results = await Promise.all([
        sweepFollowUps(a.deps, now),
        sweepFollowUps(b.deps, now),
        runFollowUps(a.deps.database.db, a.deps, now),
        runFollowUps(b.deps.database.db, b.deps, now),
        sweepFollowUps(b.deps, now),
      ]);
      expect(results.reduce((x, y) => x + y, 0)).toBe(2);
      const queued = (await a.deps.database.db.execute(
        sql`select count(*)::int as n from mail_outbox where dedupe_key like ${`follow-up:${sent.proposal.id}:%`}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(queued.rows[0]!.n).toBe(2);
      const reminders = (await events(sent.proposal.id, who.client)).filter((e) => e.type === 'reminder_sent');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.data.names).toEqual(['One', 'Two']);
    } finally {
      await a.close();
      await b.close();
      await shared.pglite?.close();
    }
  });

  it('the free plan: settings refused with an upgrade, sent proposals take none, and nothing is sent after a downgrade', async () => {
    const free = await signUp(server, { name: 'Fay Free' });
    await verifyEmail(server, free.user.id);
    await setPlanByEmail({ database: server.deps.database, email: free.email, plan: 'free', defaultPlan: 'pro' });
    const defaults = (await free.client.get('/api/follow-up/defaults')).body as TFollowUpDefaults;
    expect(defaults.access).toEqual({ included: false, plan: 'free', upgradeTo: 'pro' });
    const refused = await free.client.request('/api/follow-up/defaults', {
      method: 'PUT',
      json: {
        reminders: true,
        firstAfterDays: 3,
        everyDays: 4,
        maxReminders: 5,
        expiryWarnings: false,
        timeZone: 'UTC',
        version: 0,
      },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/not part of the Free plan\. Upgrade to Pro/);
    expect(refused.body.error.details).toMatchObject({ feature: 'viewAnalyticsAndReminders', upgradeTo: 'pro' });

    // A draft shows what it will be sent with: follow-up off.
    const freeDraft = await readyDraft(free.client);
    expect(
      ((await free.client.get(`/api/follow-up/proposals/${freeDraft.id}`)).body as TProposalFollowUp).settings,
    ).toMatchObject({ reminders: false, expiryWarnings: false });
    const fred = { name: 'Fred Free', email: address('fred') };
    const sent = await sendAs(free.client, [fred]);
    const view = (await free.client.get(`/api/follow-up/proposals/${sent.proposal.id}`)).body as TProposalFollowUp;
    expect(view.settings).toMatchObject({ reminders: false, expiryWarnings: false });
    expect(view.access.included).toBe(false);
    const put = await free.client.request(`/api/follow-up/proposals/${sent.proposal.id}`, {
      method: 'PUT',
      json: { ...view.settings, reminders: true, version: view.version },
    });
    expect(put.status).toBe(402);

    // A paying owner's proposal with follow-up on, then a downgrade: the sweep sends nothing.
    const paying = await signUp(server, { name: 'Dee Downgrade' });
    await verifyEmail(server, paying.user.id);
    const gus = { name: 'Gus Guest', email: address('gus') };
    const before = await sendAs(paying.client, [gus]);
    expect(
      ((await paying.client.get(`/api/follow-up/proposals/${before.proposal.id}`)).body as TProposalFollowUp).settings
        .reminders,
    ).toBe(true);
    await setPlanByEmail({ database: server.deps.database, email: paying.email, plan: 'free', defaultPlan: 'pro' });
    // Even the free owner's own proposal with follow-up forced on in the database.
    await server.deps.database.db.execute(
      sql`update proposal_follow_ups set reminders = true, expiry_warnings = true where proposal_id = ${sent.proposal.id}`,
    );
    const day0 = localDay(new Date(before.signer(gus.email).invitedAt!), 'UTC');
    for (const offset of [3, 7, 11]) await sweep(at(addDays(day0, offset), 12, 'UTC'));
    expect(automaticTo(gus.email)).toHaveLength(0);
    expect(automaticTo(fred.email)).toHaveLength(0);
  });

  it('settings: owner only, checked with messages, versioned', async () => {
    const bob = await signUp(server, { name: 'Bob Other' });
    const sent = await send([{ name: 'Nora Nobody', email: address('nora') }]);
    const path = `/api/follow-up/proposals/${sent.proposal.id}`;
    expect((await bob.client.get(path)).status).toBe(404);
    const body = {
      reminders: true,
      firstAfterDays: 2,
      everyDays: 2,
      maxReminders: 3,
      expiryWarnings: true,
      version: 1,
    };
    expect((await bob.client.request(path, { method: 'PUT', json: body })).status).toBe(404);
    expect((await visitor().get(path)).status).toBe(401);
    expect((await visitor().get('/api/follow-up/defaults')).status).toBe(401);
    expect((await owner.get('/api/follow-up/proposals/not-a-uuid')).status).toBe(404);

    const bad = await owner.request(path, { method: 'PUT', json: { ...body, firstAfterDays: 0, maxReminders: 11 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      firstAfterDays: 'Use at least 1 day before the first reminder.',
      maxReminders: 'Send at most 10 reminders.',
    });
    const unknown = await owner.request(path, { method: 'PUT', json: { ...body, ownerId: randomUUID() } });
    expect(unknown.status).toBe(400);
    const zone = await owner.request('/api/follow-up/defaults', {
      method: 'PUT',
      json: { ...body, version: 1, timeZone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.error.fields.timeZone).toMatch(/IANA time zone/);

    const saved = await owner.request(path, { method: 'PUT', json: body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, settings: { firstAfterDays: 2, everyDays: 2, maxReminders: 3 } });
    const stale = await owner.request(path, { method: 'PUT', json: body });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toMatchObject({ version: 2 });

    // A draft shows the defaults it takes when sent; sending keeps settings set before.
    const draft = await readyDraft(owner);
    const drafted = await followUpOf(draft.id);
    expect(drafted).toMatchObject({ version: 0, active: false, signers: [] });
    expect(drafted.settings).toMatchObject({ firstAfterDays: 3, everyDays: 4, maxReminders: 5 });
    const set = await owner.request(`/api/follow-up/proposals/${draft.id}`, {
      method: 'PUT',
      json: { ...drafted.settings, maxReminders: 2, version: 0 },
    });
    expect(set.status, set.text).toBe(200);
    const res = await owner.post(`/api/proposals/${draft.id}/send`, { version: draft.version, message: '' });
    expect(res.status, res.text).toBe(200);
    expect((await followUpOf(draft.id)).settings.maxReminders).toBe(2);
    // Accepted proposals are locked.
    await server.deps.database.db.execute(sql`update proposals set status = 'accepted' where id = ${draft.id}`);
    const locked = await owner.request(`/api/follow-up/proposals/${draft.id}`, {
      method: 'PUT',
      json: { ...drafted.settings, version: 1 },
    });
    expect(locked.status).toBe(423);
  });
});
