import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_CHANGED_EVENT,
  userChannel,
  type TBillingState,
  type TPlanLimitDetails,
  type TProposalEvent,
  type TSharedProposal,
} from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { adminToken } from '../src/modules/billing/set-plan';
import {
  backends,
  connectSocket,
  countRows,
  multipart,
  nextIp,
  signUp,
  startTestServer,
  type Client,
  type TTestServer,
} from './helpers';
import { inDays, readyDraft, send, verifyEmail } from './proposal-fixtures';

/**
 * Plans as the server enforces them (PRODUCT §7, issue 5): limits counted at the moment of the
 * action, 402 naming the limit and the plan that lifts it, never two concurrent actions past the
 * last unit; the operator's set-plan; downgrades that keep every record; branding by plan.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const template = (name: string) => ({
  name,
  description: '',
  category: '',
  document: { version: 1, blocks: [] },
});

const brief = () => ({
  client: { source: 'new', name: 'Morgan Lee', company: 'Harbour Bakery', email: 'morgan@harbour.example' },
  need: 'A new brand and website for the bakery before the second shop opens.',
  goals: 'More online orders',
  deliverables: ['Logo design', 'Website'],
  budget: { amount: 600_000, currency: 'EUR' },
  deadline: inDays(60),
  tone: 'friendly',
});

/**
 * The operator command bundled once for this file, as the build bundles it for `npm run admin`.
 * Run from source through tsx, each run compiled the server's whole import graph again: about
 * 4 s of CPU, which on a busy 2-core machine took a test with two runs past its time limit.
 */
let adminBundle = '';
beforeAll(async () => {
  // Inside the repository, so the bundle resolves its packages from node_modules.
  const cache = path.join(serverRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'admin-test-'));
  const { bundleServer } = await import('../../../scripts/bundle-server.mjs');
  await bundleServer({ outdir, entries: ['admin'], quiet: true });
  adminBundle = path.join(outdir, 'admin.mjs');
});
afterAll(() => rmSync(path.dirname(adminBundle), { recursive: true, force: true }));

/** Runs `npm run admin` with the server's own settings, as an operator would. */
function runAdmin(server: TTestServer, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [adminBundle, ...args], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: server.dataDir,
        DATABASE_URL: server.databaseUrl ?? '',
        PORT: String(server.port),
        HOST: '127.0.0.1',
        BASE_URL: server.env.baseUrl,
        AUTH_SECRET: server.env.authSecret,
        LOG_LEVEL: 'silent',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function billing(client: Client): Promise<TBillingState> {
  const res = await client.get('/api/billing');
  expect(res.status, res.text).toBe(200);
  return res.body as TBillingState;
}

const meter = (state: TBillingState, action: string) => state.meters.find((m) => m.action === action);

describe.each(backends())('plans and limits (%s)', (backend) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  async function owner(name = 'Olivia Owner') {
    const a = await signUp(server, { name });
    await verifyEmail(server, a.user.id);
    return a;
  }

  it('GET /api/billing: the free plan, this month, empty meters; 401 without a session', async () => {
    const { client } = await owner();
    const state = await billing(client);
    const today = new Date().toISOString().slice(0, 10);
    expect(state).toMatchObject({ plan: 'free', billingEnabled: false, subscription: null });
    expect(state.period.start).toBe(`${today.slice(0, 7)}-01`);
    expect(state.period.start <= today && today < state.period.end).toBe(true);
    expect(state.meters).toEqual([
      { action: 'proposalsSent', used: 0, limit: 5 },
      { action: 'briefDrafts', used: 0, limit: 10 },
      { action: 'ownTemplates', used: 0, limit: 3 },
    ]);
    const anonymous = await server.client().get('/api/billing');
    expect(anonymous.status).toBe(401);
  });

  it('sending: 5 proposals a month on free; the 6th is 402 and writes nothing; a new revision of a sent one is free', async () => {
    const { client } = await owner();
    const sent: TProposal[] = [];
    for (let i = 0; i < 5; i++) {
      const draft = await readyDraft(client);
      const res = await send(client, draft);
      expect(res.status, res.text).toBe(200);
      sent.push(res.body as TProposal);
    }
    expect(meter(await billing(client), 'proposalsSent')).toEqual({ action: 'proposalsSent', used: 5, limit: 5 });

    const sixth = await readyDraft(client);
    const revisionsBefore = await countRows(server, 'proposal_revisions');
    const mailBefore = await countRows(server, 'mail_outbox');
    const refused = await send(client, sixth);
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('plan_limit');
    expect(refused.body.error.message).toBe(
      'Your Free plan includes 5 proposals sent this month, and you have used them all. Upgrade to Pro for unlimited proposals sent a month.',
    );
    expect(refused.body.error.details as TPlanLimitDetails).toEqual({
      action: 'proposalsSent',
      plan: 'free',
      limit: 5,
      used: 5,
      upgradeTo: 'pro',
    });
    expect((await client.get(`/api/proposals/${sixth.id}`)).body).toMatchObject({
      status: 'draft',
      version: sixth.version,
    });
    expect(await countRows(server, 'proposal_revisions')).toBe(revisionsBefore);
    expect(await countRows(server, 'mail_outbox')).toBe(mailBefore);

    // Sending an already sent proposal again (its next revision) does not count.
    const first = sent[0]!;
    const again = await send(client, first, 'Updated with the new dates.');
    expect(again.status, again.text).toBe(200);
    expect(meter(await billing(client), 'proposalsSent')?.used).toBe(5);
  });

  it('two concurrent sends never both take the last unit', async () => {
    const { client } = await owner();
    for (let i = 0; i < 4; i++) expect((await send(client, await readyDraft(client))).status).toBe(200);
    const drafts = await Promise.all(Array.from({ length: 6 }, () => readyDraft(client)));
    const results = await Promise.all(drafts.map((d) => send(client, d)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 402, 402, 402, 402, 402]);
    expect(meter(await billing(client), 'proposalsSent')?.used).toBe(5);
    const list = await client.get('/api/proposals?status=sent&limit=50');
    expect(list.status, list.text).toBe(200);
    expect((list.body.items as TProposal[]).length).toBe(5);
  });

  it('own templates: 3 on free, however they are made; concurrent creations stop at 3', async () => {
    const { client } = await owner();
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/templates', template(`T${i}`))),
    );
    expect(made.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402, 402]);
    const refused = made.find((r) => r.status === 402)!;
    expect(refused.body.error.details).toMatchObject({ action: 'ownTemplates', limit: 3, used: 3, upgradeTo: 'pro' });
    expect(refused.body.error.message).toMatch(
      /^Your Free plan includes 3 own templates, and you have used them all\./,
    );

    const own = made.find((r) => r.status === 201)!.body as { id: string };
    expect((await client.post(`/api/templates/${own.id}/duplicate`)).status).toBe(402);
    const draft = await readyDraft(client);
    expect((await client.post(`/api/templates/from-proposal/${draft.id}`, {})).status).toBe(402);
    expect(meter(await billing(client), 'ownTemplates')).toEqual({ action: 'ownTemplates', used: 3, limit: 3 });

    // Deleting one makes room again: the limit counts what exists.
    expect((await client.delete(`/api/templates/${own.id}`)).status).toBe(204);
    expect((await client.post('/api/templates', template('Again'))).status).toBe(201);
  });

  it('drafts from a brief: 10 a month on free, counted on the server, concurrent ones stop at the limit', async () => {
    const { client } = await owner();
    for (let i = 0; i < 7; i++) expect((await client.post('/api/drafts', brief())).status).toBe(201);
    const burst = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/drafts', brief())));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402]);
    const refused = burst.find((r) => r.status === 402)!;
    expect(refused.body.error.details).toMatchObject({ action: 'briefDrafts', limit: 10, upgradeTo: 'pro' });
    expect(refused.body.error.message).toContain('Upgrade to Pro for 200 drafts from a brief a month.');
    expect(meter(await billing(client), 'briefDrafts')?.used).toBe(10);
    // A brief refused for bad input takes no unit (checked before counting).
  });

  it('the operator sets a plan: limits lift at once, open tabs hear of it; a downgrade keeps every record', async () => {
    const { client, user, email } = await owner();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/templates', template(`Mine ${i}`))).status).toBe(201);
    const { token, proposal } = await sentAndAccepted(client);

    const socket = await connectSocket(server, { cookie: client.cookieHeader() });
    socket.send({ type: 'join', channel: userChannel(user.id) });
    await socket.next((m) => m.type === 'joined');

    const up = await runAdmin(server, ['set-plan', email, 'pro']);
    expect(up, up.stderr).toMatchObject({ code: 0 });
    expect(up.stdout).toBe(`${email} is now on the Pro plan (was Free).\n`);
    const event = await socket.next((m) => m.type === 'event' && m.event === BILLING_CHANGED_EVENT);
    expect(event).toMatchObject({ channel: userChannel(user.id), data: { plan: 'pro' } });
    socket.ws.close();

    const state = await billing(client);
    expect(state).toMatchObject({ plan: 'pro', subscription: { source: 'admin', plan: 'pro', status: 'active' } });
    expect(meter(state, 'ownTemplates')).toEqual({ action: 'ownTemplates', used: 3, limit: null });
    for (let i = 3; i < 6; i++) expect((await client.post('/api/templates', template(`Mine ${i}`))).status).toBe(201);

    const down = await runAdmin(server, ['set-plan', email, 'free']);
    expect(down.code, down.stderr).toBe(0);
    // Nothing is deleted or locked: six templates stay listed and editable, the accepted proposal
    // stays reachable by its link; only a seventh template is refused.
    const listed = await client.get('/api/templates?limit=50');
    expect(listed.status, listed.text).toBe(200);
    const mine = (listed.body.items as Array<{ id: string; version: number; kind: string }>).filter(
      (t) => t.kind !== 'starter',
    );
    expect(mine).toHaveLength(6);
    const edit = await client.patch(`/api/templates/${mine[0]!.id}`, { version: mine[0]!.version, name: 'Renamed' });
    expect(edit.status, edit.text).toBe(200);
    expect((await client.post('/api/templates', template('Seventh'))).status).toBe(402);
    const page = await server.client({ ip: nextIp() }).get(`/api/share/${token}`);
    expect(page.status).toBe(200);
    expect((page.body as TSharedProposal).status).toBe('accepted');
    expect((await client.get(`/api/proposals/${proposal.id}`)).status).toBe(200);
  });

  it('the operator command: unknown account, unknown plan, and the server refuses anyone without its token', async () => {
    const unknown = await runAdmin(server, ['set-plan', 'nobody@example.com', 'pro']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'No account uses the email address nobody@example.com.\n' });
    const badPlan = await runAdmin(server, ['set-plan', 'a@example.com', 'gold']);
    expect(badPlan).toMatchObject({ code: 1, stderr: 'Unknown plan "gold": use one of free, pro, business.\n' });

    const { email } = await owner();
    const anyone = server.client();
    const noToken = await anyone.post('/api/admin/set-plan', { email, plan: 'business' });
    expect(noToken.status).toBe(404);
    const wrong = await anyone.request('/api/admin/set-plan', {
      method: 'POST',
      json: { email, plan: 'business' },
      headers: { authorization: `Bearer ${adminToken('another secret of at least thirty-two chars')}` },
    });
    expect(wrong.status).toBe(404);
    // The right token from another machine (as a trusted proxy reports it) is refused too.
    const remote = await server.client({ ip: '203.0.113.9' }).request('/api/admin/set-plan', {
      method: 'POST',
      json: { email, plan: 'business' },
      headers: { authorization: `Bearer ${adminToken(server.env.authSecret)}` },
    });
    expect(remote.status).toBe(404);
    const local = await server.client({ ip: '127.0.0.1' }).request('/api/admin/set-plan', {
      method: 'POST',
      json: { email, plan: 'business' },
      headers: { authorization: `Bearer ${adminToken(server.env.authSecret)}` },
    });
    expect(local.status, local.text).toBe(200);
    expect(local.body).toMatchObject({ email, plan: 'business', previous: 'free' });
  });

  it('branding follows the plan: Draftwell footer and look on free; own logo and colour on paid plans', async () => {
    const { client, email } = await owner();
    const saved = await client.request('/api/profile', { method: 'PUT', json: { ...PROFILE, version: 0 } });
    expect(saved.status, saved.text).toBe(200);
    const form = multipart([{ name: 'file', value: ONE_PIXEL_PNG, filename: 'logo.png', type: 'image/png' }]);
    const logo = await client.request('/api/profile/logo', {
      method: 'PUT',
      body: form.body,
      headers: { 'content-type': form.type },
    });
    expect(logo.status, logo.text).toBe(200);
    const { token } = await sentAndAccepted(client, false);
    const pdfText = async () => {
      const res = await visitor.request(`/api/share/${token}/pdf`);
      expect(res.status).toBe(200);
      return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(res.bytes) }).toString('utf8');
    };

    const visitor = server.client({ ip: nextIp() });
    const free = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
    expect(free).toMatchObject({
      showMadeWithFooter: true,
      logoUrl: null,
      snapshot: { sender: { brandColor: '', logoFileId: null } },
    });
    expect(await pdfText()).toContain('Made with Draftwell');

    expect((await runAdmin(server, ['set-plan', email, 'pro'])).code).toBe(0);
    const pro = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
    expect(pro.showMadeWithFooter).toBe(false);
    expect(pro.snapshot.sender.brandColor).toBe('#0f766e');
    expect(pro.logoUrl).toMatch(new RegExp(`^/api/share/${token}/files/[0-9a-f-]{36}$`));
    const proPdf = await pdfText();
    expect(proPdf).toContain('Website redesign');
    expect(proPdf).not.toContain('Made with Draftwell');
  });

  it('view analytics and reminders: paid plans only; a reminder is emailed once a day at most and recorded', async () => {
    const { client, email } = await owner();
    const { token, proposal } = await sentAndAccepted(client, false);
    const guest = server.client({ ip: nextIp() });
    const view = await guest.post(`/api/share/${token}/views`);
    expect(view.status).toBe(201);
    expect((await guest.post(`/api/share/${token}/views/${view.body.viewId}`, { seconds: 42 })).status).toBe(204);

    const openedOf = async () =>
      ((await client.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[]).find(
        (e) => e.type === 'opened',
      )!;
    // Free: that and when the client opened it, not for how long, from where or on what.
    expect(await openedOf()).toMatchObject({ actor: 'client', data: {}, ipAddress: null, userAgent: null });
    const refused = await client.post(`/api/proposals/${proposal.id}/remind`, {});
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'plan_limit',
      message: 'Reminders are not part of the Free plan. Upgrade to Pro to use them.',
      details: { feature: 'viewAnalyticsAndReminders', plan: 'free', upgradeTo: 'pro' },
    });

    expect((await runAdmin(server, ['set-plan', email, 'pro'])).code).toBe(0);
    const detailed = await openedOf();
    // The time on page, and whose link it was, with its signer's name (follow-up words reminders by it).
    expect(detailed.data).toEqual({ seconds: 42, signerId: expect.any(String), name: 'Dana Reyes' });
    expect(detailed.ipAddress).not.toBeNull();

    const mailBefore = await countRows(server, 'mail_outbox');
    const reminded = await client.post(`/api/proposals/${proposal.id}/remind`, { message: 'Any questions?' });
    expect(reminded.status, reminded.text).toBe(201);
    expect(reminded.body).toMatchObject({ type: 'reminder_sent', actor: 'owner', data: { to: 'dana@example.com' } });
    expect(await countRows(server, 'mail_outbox')).toBe(mailBefore + 1);
    const again = await client.post(`/api/proposals/${proposal.id}/remind`, {});
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(again.body.error.message).toMatch(/^A reminder went out less than 24 hours ago\./);
    expect(await countRows(server, 'mail_outbox')).toBe(mailBefore + 1);

    const draft = await readyDraft(client);
    const notSent = await client.post(`/api/proposals/${draft.id}/remind`, {});
    expect(notSent.status).toBe(409);
    const other = await owner('Mallory Other');
    expect((await other.client.post(`/api/proposals/${proposal.id}/remind`, {})).status).toBe(404);
  });

  /** A proposal sent to a client (and accepted, unless told not to). */
  async function sentAndAccepted(client: Client, accept = true) {
    const draft = await readyDraft(client);
    const res = await send(client, draft);
    expect(res.status, res.text).toBe(200);
    const link = await client.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    if (accept) {
      const visitor = server.client({ ip: nextIp() });
      const shared = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
      const accepted = await visitor.post(`/api/share/${token}/accept`, {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        revisionHash: shared.revision.hash,
        selection: {},
        consent: true,
      });
      expect(accepted.status, accepted.text).toBe(201);
    }
    return { token, proposal: res.body as TProposal };
  }
});

const ONE_PIXEL_PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const PROFILE = {
  displayName: 'Olivia Owner',
  company: 'Owner Studio',
  jobTitle: '',
  phone: '',
  website: '',
  address: '',
  brandColor: '#0f766e',
  defaultCurrency: 'USD',
  defaultTaxRate: 0,
  defaultValidityDays: 30,
  emailSignature: '',
};
