import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocument, TPricingLine } from '@draftwell/shared/document';
import type { TApiProposal, TApiProposalSummary } from '@draftwell/shared/public-api/schemas';
import type { TSharedProposal, TSigningState } from '@draftwell/shared';
import { SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import { proposalListSelect } from '../src/modules/proposals/proposals.service';
import { backends, nextIp, startTestServer, type TBackend, type TTestServer } from './helpers';
import { inDays } from './proposal-fixtures';
import { ajvFor, makeKey, OPENAPI_BASE, verifiedOwner, withKey, type TOwner } from './public-api-support';

/**
 * Issue 24, item 10: `/api/v1` says what was accepted. An accepted proposal carries `acceptance`
 * (every signer, the countersignature, the revision, the client's choices, the accepted totals
 * one-off and recurring) and its `totals` are the accepted ones; the list filters by accepted
 * date on an index; the `proposal.accepted` webhook carries the same acceptance.
 */

const line = (id: string, description: string, more: Partial<TPricingLine>): TPricingLine => ({
  id,
  description,
  quantity: 1000,
  unit: '',
  unitPrice: 0,
  discountPercent: 0,
  taxPercent: 0,
  billing: 'one_off',
  optional: false,
  selected: true,
  ...more,
});

/**
 * A setup fee and an optional audit (one-off), a choice of two monthly plans, and monthly support
 * hours with 10 % tax whose number the client may change. By default: 2,750.00 one-off and
 * 3,000.00 + 10 h × 120.00 × 1.1 = 4,320.00 a month.
 */
const RETAINER: TDocument = {
  version: 1,
  blocks: [
    {
      id: 'one-off',
      type: 'pricing_table',
      title: 'One-off',
      kind: 'lines',
      lines: [
        line('setup', 'Setup and onboarding', { unitPrice: 275_000 }),
        line('seo', 'SEO audit', { unitPrice: 40_000, optional: true, selected: false }),
      ],
    },
    {
      id: 'retainer',
      type: 'pricing_table',
      title: 'Retainer',
      kind: 'choice',
      lines: [
        line('starter', 'Starter plan', { unitPrice: 300_000, billing: 'monthly' }),
        line('growth', 'Growth plan', { unitPrice: 450_000, billing: 'monthly', selected: false }),
      ],
    },
    {
      id: 'support',
      type: 'pricing_table',
      title: 'Support',
      kind: 'lines',
      lines: [
        line('hours', 'Support hours', {
          unit: 'hour',
          unitPrice: 12_000,
          quantity: 10_000,
          quantityRange: { min: 5_000, max: 40_000 },
          taxPercent: 1000,
          billing: 'monthly',
        }),
      ],
    },
  ],
};
/** The audit ticked in, the larger plan, 12 hours: 3,150.00 one-off; 4,500.00 + 1,440.00 + 144.00 tax = 6,084.00 a month. */
const CHOICES = {
  seo: { selected: true },
  starter: { selected: false },
  growth: { selected: true },
  hours: { quantity: 12_000 },
};

type TReceived = { type: string; data: { acceptance?: unknown; proposal: { id: string } } };

async function startReceiver() {
  const received: TReceived[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TReceived);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const today = () => new Date().toISOString().slice(0, 10);

describe.each(backends())('/api/v1 says what was accepted (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: TOwner;
  let key: string;
  let accepted: TApiProposal;
  let draftId: string;
  let revisionHash: string;

  const api = (path: string, init?: Parameters<typeof withKey>[3]) => withKey(server, key, `/api/v1${path}`, init);

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({
      backend,
      env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'business', WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1' },
    });
    owner = await verifiedOwner(server, 'Olivia Owner');
    key = (await makeKey(owner.client, ['proposals:read', 'proposals:write', 'webhooks:write'])).key;
    const hook = await api('/webhooks', { method: 'POST', json: { url: receiver.url, events: ['proposal.accepted'] } });
    expect(hook.status, hook.text).toBe(201);

    const draft = await api('/proposals', {
      method: 'POST',
      json: { title: 'Monthly retainer', client: { name: 'Dana Reyes', email: 'dana@acme.example' } },
    });
    expect(draft.status, draft.text).toBe(201);
    draftId = draft.body.id;
    const ready = await api(`/proposals/${draftId}`, {
      method: 'PATCH',
      json: { version: 1, document: RETAINER, validUntil: inDays(14) },
    });
    expect(ready.status, ready.text).toBe(200);
    // The draft's own choices, what the API answered before it was accepted.
    expect(ready.body.totals.one_off.total).toBe(275_000);
    expect(ready.body.totals.monthly.total).toBe(432_000);
    expect(ready.body.acceptance).toBeNull();

    // Two client signers in order, then the owner's countersignature.
    const toSend = await api('/proposals', {
      method: 'POST',
      json: { title: 'Retainer to accept', client: { name: 'Dana Reyes', email: 'dana@acme.example' } },
    });
    const id = toSend.body.id as string;
    expect((await api(`/proposals/${id}`, { method: 'PATCH', json: { version: 1, document: RETAINER } })).status).toBe(
      200,
    );
    const sent = await api(`/proposals/${id}/send`, {
      method: 'POST',
      json: {
        version: 2,
        message: 'Please sign.',
        signers: [
          { name: 'Dana Reyes', email: 'dana@acme.example', role: 'CEO' },
          { name: 'Sam Ortiz', email: 'sam@acme.example', role: 'CFO' },
        ],
        signing: { order: 'sequential', countersign: 'after' },
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const state = (await owner.client.get(`/api/proposals/${id}/signers`)).body as TSigningState;
    const token = (email: string) => tokenOf(state.signers.find((s) => s.email === email)!.url!);
    const visitor = () => server.client({ ip: nextIp() });
    const page = (await visitor().get(`/api/share/${token('dana@acme.example')}`)).body as TSharedProposal;
    revisionHash = page.revision.hash;
    const first = await visitor().post(`/api/share/${token('dana@acme.example')}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@acme.example',
      consent: true,
      revisionHash,
      selection: CHOICES,
      mark: { kind: 'drawn', image: SAMPLE_PNG_DATA_URL },
    });
    expect(first.status, first.text).toBe(202);
    // Before the last signature it is not accepted: no acceptance yet.
    const midway = await api(`/proposals/${id}`);
    expect(midway.body).toMatchObject({ status: 'sent', acceptance: null });
    const second = await visitor().post(`/api/share/${token('sam@acme.example')}/accept`, {
      name: 'Sam Ortiz',
      email: 'sam@acme.example',
      consent: true,
      revisionHash,
      selection: {},
      mark: { kind: 'typed', text: 'Sam Ortiz' },
    });
    expect(second.status, second.text).toBe(202);
    const countersigned = await owner.client.post(`/api/proposals/${id}/countersign`, {
      name: 'Olivia Owner',
      consent: true,
      revisionHash,
    });
    expect(countersigned.status, countersigned.text).toBe(201);
    const read = await api(`/proposals/${id}`);
    expect(read.status, read.text).toBe(200);
    accepted = read.body as TApiProposal;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('an accepted proposal carries its acceptance: signers, countersignature, revision, choices, totals', () => {
    expect(accepted.status).toBe('accepted');
    const acceptance = accepted.acceptance!;
    expect(acceptance).not.toBeNull();
    expect(acceptance.acceptedAt).toBe(accepted.acceptedAt);
    expect(acceptance.revision).toMatchObject({ number: 1, hash: revisionHash });
    expect(acceptance.signers.map((s) => [s.name, s.email, s.role, s.method, s.emailProof])).toEqual([
      ['Dana Reyes', 'dana@acme.example', 'CEO', 'drawn', 'link'],
      ['Sam Ortiz', 'sam@acme.example', 'CFO', 'typed', 'link'],
    ]);
    expect(Date.parse(acceptance.signers[0]!.signedAt)).toBeLessThanOrEqual(
      Date.parse(acceptance.signers[1]!.signedAt),
    );
    expect(acceptance.countersignature).toMatchObject({ name: 'Olivia Owner', emailProof: 'account' });
    expect(acceptance.countersignature!.signedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The first signer's choices, which the second signed as they were.
    expect(acceptance.selection).toEqual(CHOICES);
    expect(
      acceptance.lines.map((l) => [l.tableTitle, l.lineId, l.kind, l.included, l.quantity, l.amounts.total]),
    ).toEqual([
      ['One-off', 'setup', 'required', true, 1000, 275_000],
      ['One-off', 'seo', 'optional', true, 1000, 40_000],
      ['Retainer', 'starter', 'package', false, 1000, 0],
      ['Retainer', 'growth', 'package', true, 1000, 450_000],
      ['Support', 'hours', 'required', true, 12_000, 158_400],
    ]);
    expect(acceptance.totals).toEqual({ oneOff: 315_000, monthly: 608_400, yearly: 0, currency: 'USD' });
    expect(acceptance.breakdown.monthly).toEqual({ net: 594_000, discount: 0, tax: 14_400, total: 608_400 });
    // `totals` are what was accepted, not the draft's defaults (2,750.00 and 4,320.00).
    expect(accepted.totals).toEqual(acceptance.breakdown);
  });

  it('the list carries the acceptance, and filters by accepted date (validated, after inclusive, before exclusive)', async () => {
    const all = await api('/proposals?limit=100');
    expect(all.status, all.text).toBe(200);
    const items = all.body.items as TApiProposalSummary[];
    expect(items.find((p) => p.id === accepted.id)).toEqual((({ document: _d, ...summary }) => summary)(accepted));
    expect(items.find((p) => p.id === draftId)!.acceptance).toBeNull();

    const ids = async (query: string) => {
      const res = await api(`/proposals?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return (res.body.items as TApiProposalSummary[]).map((p) => p.id);
    };
    const tomorrow = inDays(1);
    expect(await ids(`acceptedAfter=${today()}`)).toEqual([accepted.id]);
    expect(await ids(`acceptedAfter=${today()}&acceptedBefore=${tomorrow}`)).toEqual([accepted.id]);
    expect(await ids(`acceptedBefore=${tomorrow}&status=accepted`)).toEqual([accepted.id]);
    expect(await ids(`acceptedBefore=${today()}`)).toEqual([]);
    expect(await ids(`acceptedAfter=${tomorrow}`)).toEqual([]);
    // To the millisecond, with an offset: the moment itself is in, a moment later is out.
    const at = new Date(accepted.acceptedAt!);
    const plusTwoHours = (d: Date) => `${new Date(d.getTime() + 7_200_000).toISOString().slice(0, 23)}+02:00`;
    expect(await ids(`acceptedAfter=${encodeURIComponent(plusTwoHours(at))}`)).toEqual([accepted.id]);
    expect(await ids(`acceptedAfter=${encodeURIComponent(plusTwoHours(new Date(at.getTime() + 1)))}`)).toEqual([]);

    for (const [query, field] of [
      ['acceptedAfter=2026-02-30', 'acceptedAfter'],
      ['acceptedAfter=yesterday', 'acceptedAfter'],
      ['acceptedBefore=2026-11-01T09:30:00', 'acceptedBefore'],
      ['acceptedAfter=0000-01-01', 'acceptedAfter'],
      [`acceptedAfter=${tomorrow}&acceptedBefore=${today()}`, 'acceptedBefore'],
    ] as const) {
      const res = await api(`/proposals?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.error.fields), query).toEqual([field]);
      expect(res.body.error.fields[field], query).toMatch(/date|later/);
    }
  });

  it('the list by accepted date reads the range from an index, not every proposal (P5)', async () => {
    // An account with 3,000 proposals, 30 of them accepted over 30 months: a month holds one.
    const crm = await verifiedOwner(server, 'Busy Owner');
    const db = server.deps.database.db;
    await db.execute(sql`
      insert into proposals (owner_id, number, title, client, currency, document, totals, status, accepted_at, updated_at)
      select ${crm.id}, 'P-' || i, 'Proposal ' || i, '{}'::jsonb, 'USD', '{"version":1,"blocks":[]}'::jsonb,
        ${JSON.stringify(accepted.totals)}::jsonb,
        case when i % 100 = 0 then 'accepted' else 'draft' end,
        case when i % 100 = 0 then timestamptz '2024-01-15T12:00:00Z' + make_interval(months => i / 100) end,
        now() - make_interval(secs => i)
      from generate_series(1, 3000) as i`);
    await db.execute(sql`analyze proposals`);
    const query = { limit: 30, acceptedAfter: '2025-03-01T00:00:00Z', acceptedBefore: '2025-04-01T00:00:00Z' };
    const plan = (await db.execute(sql`explain ${proposalListSelect(db, crm.id, query).getSQL()}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    expect(plan.rows.map((row) => Object.values(row)[0]).join('\n')).toMatch(
      /Index Scan using proposals_owner_accepted_idx|Bitmap Index Scan on proposals_owner_accepted_idx/,
    );
    const key = (await makeKey(crm.client, ['proposals:read'])).key;
    const march = await withKey(server, key, `/api/v1/proposals?acceptedAfter=2025-03-01&acceptedBefore=2025-04-01`);
    expect(march.status, march.text).toBe(200);
    expect(march.body.items.map((p: TApiProposalSummary) => [p.title, p.acceptedAt])).toEqual([
      ['Proposal 1400', '2025-03-15T12:00:00.000Z'],
    ]);
  });

  it('the proposal.accepted webhook carries the same acceptance', async () => {
    await server.deps.webhooks.drain();
    const event = receiver.received.find((r) => r.type === 'proposal.accepted' && r.data.proposal.id === accepted.id);
    expect(event, JSON.stringify(receiver.received)).toBeDefined();
    expect(event!.data.acceptance).toEqual(accepted.acceptance);
    // As the OpenAPI document's `webhooks` describes it.
    const doc = (await withKey(server, null, '/api/v1/openapi.json')).body;
    const body = doc.webhooks['proposal.accepted'].post.requestBody.content['application/json'];
    const validate = ajvFor(doc).compile({ $ref: `${OPENAPI_BASE}${body.schema.$ref}` });
    expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
  });
});
