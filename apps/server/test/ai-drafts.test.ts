import { ZDocument, type TBlock, type TPricingTable } from '@draftwell/shared';
import type { TDraftStreamEvent } from '@draftwell/shared/drafting/ai';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalFor, startFakeOpenAi, type TFakeOpenAi } from '../../../e2e/support/openai-fake';
import { backends, countRows, signUp, startTestServer, type Client, type TTestServer } from './helpers';

const API_KEY = 'sk-test-secret-key-never-shown';

const parseLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as TDraftStreamEvent);

const brief = (overrides: Record<string, unknown> = {}) => ({
  client: { source: 'new', name: 'Morgan Lee', company: 'Harbour Bakery', email: 'morgan@harbour.example' },
  need: 'A new brand and website for the bakery.',
  deliverables: ['Logo design', 'Launch photography'],
  budget: { amount: 600_000, currency: 'EUR' },
  tone: 'friendly',
  ...overrides,
});

/** The streamed answer of the fake model for this brief, as the app will send it. */
const ANSWER_FOR = (savedItems: { id: string }[]) =>
  proposalFor({
    messages: [
      {
        role: 'user',
        content: `x\n${JSON.stringify({ client: { company: 'Harbour Bakery' }, need: 'n', deliverables: ['Logo design'], savedItems })}`,
      },
    ],
  });

describe.each(backends())('drafting with an AI model (%s)', (backend) => {
  let fake: TFakeOpenAi;
  let server: TTestServer;
  let alice: Client;
  let bob: Client;
  let logoId = '';

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY });
    server = await startTestServer({
      backend,
      env: {
        TRUST_PROXY: 'true',
        AI_BASE_URL: fake.url,
        AI_API_KEY: API_KEY,
        AI_MODEL: 'draftwell-test',
        AI_TIMEOUT_MS: '2000',
      },
    });
    alice = (await signUp(server, { name: 'Alice' })).client;
    bob = (await signUp(server, { name: 'Bob' })).client;
    const item = await alice.post('/api/saved-items', {
      description: 'Logo design',
      unit: 'project',
      unitPrice: 150_000,
      currency: 'EUR',
      taxRate: 1900,
    });
    expect(item.status, item.text).toBe(201);
    logoId = item.body.id;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const used = async (client: Client) => {
    const res = await client.get('/api/billing');
    return (res.body.meters as { action: string; used: number }[]).find((m) => m.action === 'briefDrafts')!.used;
  };
  const drafts = () => countRows(server, 'proposals');

  it('says an AI model drafts here, without naming its address or key', async () => {
    const res = await alice.get('/api/drafts/drafter');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ai: true });
  });

  it('creates the draft at its heading, streams validated blocks as NDJSON, then saves them into it, counted once', async () => {
    const before = await used(alice);
    const rows = await drafts();
    const requests = fake.requests.length;
    const res = await alice.post('/api/drafts/stream', brief());
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const events = parseLines(res.text);
    const created = events[0];
    if (created?.type !== 'created') throw new Error(`no created event first: ${res.text}`);
    // The draft exists from the heading on, empty, so the editor can open it while blocks arrive.
    expect(created.proposal).toMatchObject({
      title: 'Proposal for Harbour Bakery',
      currency: 'EUR',
      status: 'draft',
      document: { version: 1, blocks: [] },
    });
    const blocks = events.filter((e): e is Extract<TDraftStreamEvent, { type: 'block' }> => e.type === 'block');
    expect(blocks.map((e) => e.block.type)).toEqual([
      'rich_text',
      'rich_text',
      'rich_text',
      'rich_text',
      'timeline',
      'pricing_table',
      'signature',
    ]);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error(`no done event: ${res.text}`);
    expect(done.proposal.id).toBe(created.proposal.id);
    expect(done.proposal.version).toBeGreaterThan(created.proposal.version);
    expect(await drafts()).toBe(rows + 1);
    expect(ZDocument.safeParse(done.proposal.document).success).toBe(true);
    expect(done.proposal.document.blocks).toEqual(blocks.map((e) => e.block));
    expect(done.proposal.client).toMatchObject({ name: 'Morgan Lee', company: 'Harbour Bakery' });
    // The saved item is priced at the user's price; the model's own line waits for review.
    const pricing = done.proposal.document.blocks.find((b): b is TPricingTable => b.type === 'pricing_table')!;
    expect(pricing.lines).toMatchObject([
      { savedItemId: logoId, unitPrice: 150_000, taxPercent: 1900 },
      { description: 'Project management', unitPrice: 45_000, needsReview: true },
    ]);
    expect(pricing.lines[0]).not.toHaveProperty('needsReview');
    expect(await used(alice)).toBe(before + 1);
    // The request: streamed, JSON schema as structured output, the key as a bearer token.
    const sent = fake.requests[requests]!;
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.stream).toBe(true);
    expect(sent.body.model).toBe('draftwell-test');
    expect(sent.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'proposal' } });
    const prompt = JSON.stringify(sent.body.messages);
    expect(prompt).toContain(logoId);
    expect(prompt).not.toContain('morgan@harbour.example');
  });

  it('gives the model the chosen template and accepted proposals, without their clients', async () => {
    // Bob's proposal is accepted through the database: the share flow has its own tests.
    const res = await bob.post(
      '/api/drafts',
      brief({ client: { source: 'new', name: 'Zed Secret', company: 'Zedcorp' } }),
    );
    expect(res.status, res.text).toBe(201);
    await server.deps.database.db.execute(
      sql`update proposals set status = 'accepted', accepted_at = now() where id = ${res.body.id as string}`,
    );
    const requests = fake.requests.length;
    const streamed = await bob.post('/api/drafts/stream', brief({ templateId: 'starter-web-design' }));
    expect(streamed.status, streamed.text).toBe(200);
    const prompt = JSON.stringify(fake.requests[requests]!.body.messages);
    expect(prompt).toContain('followThisTemplateOutline');
    expect(prompt).toContain('acceptedProposalsToSoundAndPriceLike');
    expect(prompt).toContain('Project management');
    expect(prompt).not.toContain('Zedcorp');
    expect(prompt).not.toContain('Zed Secret');
    // Another user's accepted proposals never inform Alice's drafts.
    const before = fake.requests.length;
    await alice.post('/api/drafts/stream', brief());
    expect(JSON.stringify(fake.requests[before]!.body.messages)).not.toContain('acceptedProposalsToSoundAndPriceLike');
  });

  it('sends the client the AI draft without its review marks', async () => {
    await server.deps.database.db.execute(
      sql`update users set email_verified = true where id = (select owner_id from saved_items where id = ${logoId})`,
    );
    const res = await alice.post('/api/drafts', brief());
    expect(res.status, res.text).toBe(201);
    expect(res.text).toContain('needsReview');
    const sent = await alice.post(`/api/proposals/${res.body.id as string}/send`, {
      version: res.body.version,
      message: 'Hi',
    });
    expect(sent.status, sent.text).toBe(200);
    const link = await alice.get(`/api/proposals/${res.body.id as string}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const page = await server.client().get(`/api/share/${token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.text).toContain('Project management');
    expect(page.text).not.toContain('needsReview');
  });

  it('refuses an unknown template before anything is counted', async () => {
    const before = await used(alice);
    const res = await alice.post('/api/drafts/stream', brief({ templateId: 'starter-nope' }));
    expect(res.status).toBe(404);
    expect(res.body.error.fields).toHaveProperty('templateId');
    expect(await used(alice)).toBe(before);
  });

  it('writes a whole draft through the non-streaming route too', async () => {
    const res = await alice.post('/api/drafts', brief());
    expect(res.status, res.text).toBe(201);
    expect(res.body.document.blocks.map((b: TBlock) => b.id)).toContain('ai-pricing');
  });

  const failures: [string, () => void, string, RegExp][] = [
    ['401', () => fake.next({ kind: 'status', status: 401 }), 'auth', /API key/],
    ['429', () => fake.next({ kind: 'status', status: 429 }, { kind: 'status', status: 429 }), 'rate_limited', /busy/],
    ['5xx', () => fake.next({ kind: 'status', status: 502 }, { kind: 'status', status: 500 }), 'provider', /failed/],
    [
      'a stream cut midway',
      () => fake.next({ kind: 'cut', text: ANSWER_FOR([]), after: 300 }),
      'provider',
      /nothing was saved/,
    ],
    [
      'malformed JSON',
      () => fake.next({ kind: 'answer', text: '{"title": "x", "sections": "oops"}' }),
      'malformed',
      /not a usable/,
    ],
    // Our own timeout aborts the call, which the SDK does not retry.
    ['a slow answer', () => fake.next({ kind: 'hang' }), 'timeout', /too long/],
  ];
  it.each(failures)(
    'after %s: a clear error offering the built-in drafter, nothing saved, nothing counted',
    async (_name, arrange, reason, message) => {
      const [before, rows] = [await used(alice), await drafts()];
      arrange();
      const res = await alice.post('/api/drafts/stream', brief());
      expect(res.status).toBe(200);
      const events = parseLines(res.text);
      // A draft created at the heading is removed again.
      for (const event of events) {
        if (event.type === 'created') expect((await alice.get(`/api/proposals/${event.proposal.id}`)).status).toBe(404);
      }
      const last = events.at(-1);
      expect(last).toMatchObject({
        type: 'error',
        error: { code: 'unavailable', details: { reason, fallback: 'builtin' } },
      });
      expect(last?.type === 'error' && last.error.message).toMatch(message);
      expect(await drafts()).toBe(rows);
      expect(await used(alice)).toBe(before);
      expect(res.text).not.toContain(API_KEY);
      expect(JSON.stringify(server.logs)).not.toContain(API_KEY);
      expect(server.logs.at(-1)).toMatchObject({ msg: 'drafting with the AI model failed', reason });
    },
  );

  it('the same failures on the non-streaming route are a 503 with the same offer', async () => {
    fake.next({ kind: 'status', status: 401 });
    const res = await alice.post('/api/drafts', brief());
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'unavailable', details: { reason: 'auth', fallback: 'builtin' } });
    expect(server.logs.at(-1)).toMatchObject({
      msg: 'drafting with the AI model failed',
      reason: 'auth',
      cause: 'HTTP 401',
    });
    expect(JSON.stringify(server.logs)).not.toContain(API_KEY);
  });

  /** A streamed draft read as the app reads it: complete lines only, as far as asked. */
  const openStream = async () => {
    const controller = new AbortController();
    const res = await fetch(new URL('/api/drafts/stream', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.env.baseUrl, cookie: alice.cookieHeader() },
      body: JSON.stringify(brief()),
      signal: controller.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const complete = () => parseLines(text.slice(0, text.lastIndexOf('\n') + 1));
    return {
      /** Reads until `until` holds for the events so far, or to the end with `toEnd`. */
      async read(until: (events: TDraftStreamEvent[]) => boolean, { toEnd = false } = {}) {
        while (!until(complete())) {
          const { value, done } = await reader.read();
          if (done && toEnd) return complete();
          if (done) throw new Error(`the stream ended first: ${text}`);
          text += value;
        }
        return complete();
      },
      /** Stop, as the app does it: the request is aborted. */
      async stop() {
        controller.abort();
        await reader.cancel().catch(() => undefined);
      },
    };
  };
  const createdOf = (events: TDraftStreamEvent[]) => {
    const created = events.find((e) => e.type === 'created');
    if (created?.type !== 'created') throw new Error('no created event');
    return created.proposal;
  };

  /** Reads a stream until `until` holds for the events so far, then aborts it as Stop does. */
  const streamUntil = async (until: (events: TDraftStreamEvent[]) => boolean) => {
    const stream = await openStream();
    const events = await stream.read(until);
    await stream.stop();
    return { created: createdOf(events), blocks: events.flatMap((e) => (e.type === 'block' ? [e.block] : [])) };
  };
  const blockCount = (events: TDraftStreamEvent[]) => events.filter((e) => e.type === 'block').length;

  /** The draft once the server has dealt with the abort (it saves or removes it when it notices). */
  const settledDraft = async (id: string, version: number) => {
    for (let i = 0; i < 100; i++) {
      const res = await alice.get(`/api/proposals/${id}`);
      if (res.status === 404 || res.body.version !== version) return res;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    throw new Error('the server never settled the stopped draft');
  };

  it('on Stop keeps what was sent in the draft; the generation stays counted', async () => {
    const [before, rows] = [await used(alice), await drafts()];
    fake.next({ kind: 'answer', text: ANSWER_FOR([]), chunkSize: 8, chunkDelayMs: 5 });
    const { created, blocks } = await streamUntil((events) => blockCount(events) >= 2);
    const kept = await settledDraft(created.id, created.version);
    expect(kept.status, kept.text).toBe(200);
    // Everything the app received is kept, in order; a block in flight at Stop may follow it.
    expect(kept.body.document.blocks.slice(0, blocks.length)).toEqual(blocks);
    expect(kept.body.document.blocks.length).toBeLessThan(7);
    expect(kept.body.status).toBe('draft');
    expect(await drafts()).toBe(rows + 1);
    expect(await used(alice)).toBe(before + 1);
    // The app's own save of what it shows names the created version: after the server's, it is refused.
    const late = await alice.patch(`/api/proposals/${created.id}`, {
      version: created.version,
      document: { version: 1, blocks },
    });
    expect(late.status).toBe(409);
  });

  it('on Stop before any section the empty draft is removed, and its number is given back', async () => {
    const rows = await drafts();
    fake.next({ kind: 'answer', text: ANSWER_FOR([]), chunkSize: 4, chunkDelayMs: 20 });
    const { created, blocks } = await streamUntil((events) => events.some((e) => e.type === 'created'));
    expect(blocks).toEqual([]);
    expect((await settledDraft(created.id, created.version)).status).toBe(404);
    expect(await drafts()).toBe(rows);
    const next = await alice.post('/api/proposals', {});
    expect(next.status, next.text).toBe(201);
    expect(next.body.number).toBe(created.number);
  });

  it('a failure midway removes the created draft and gives its number back', async () => {
    fake.next({ kind: 'cut', text: ANSWER_FOR([]), after: 600 });
    const res = await alice.post('/api/drafts/stream', brief());
    const events = parseLines(res.text);
    const created = events.find((e) => e.type === 'created');
    if (created?.type !== 'created') throw new Error(`the cut came before the heading: ${res.text}`);
    expect(blockCount(events)).toBeGreaterThan(0);
    expect(events.at(-1)?.type).toBe('error');
    expect((await alice.get(`/api/proposals/${created.proposal.id}`)).status).toBe(404);
    const next = await alice.post('/api/proposals', {});
    expect(next.body.number).toBe(created.proposal.number);
  });

  it('a draft typed in elsewhere while it was written keeps that change; the model’s draft becomes a new one', async () => {
    fake.next({ kind: 'answer', text: ANSWER_FOR([]), chunkSize: 16, chunkDelayMs: 10 });
    const stream = await openStream();
    const created = { proposal: createdOf(await stream.read((events) => events.some((e) => e.type === 'created'))) };
    const typed = await alice.patch(`/api/proposals/${created.proposal.id}`, {
      version: created.proposal.version,
      title: 'My own title',
    });
    expect(typed.status, typed.text).toBe(200);
    const done = (await stream.read(() => false, { toEnd: true })).at(-1);
    if (done?.type !== 'done') throw new Error(`no done event: ${JSON.stringify(done)}`);
    expect(done.proposal.id).not.toBe(created.proposal.id);
    expect(done.proposal.document.blocks.length).toBe(7);
    const mine = await alice.get(`/api/proposals/${created.proposal.id}`);
    expect(mine.body.title).toBe('My own title');
  });

  const section: TBlock = {
    id: 'intro',
    type: 'rich_text',
    content: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Our approach' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'We begin with a workshop.' }] },
      ],
    },
  };

  it('rewrites a section from a non-streamed answer and counts it as a generation', async () => {
    const before = await used(alice);
    const requests = fake.requests.length;
    const res = await alice.post('/api/drafts/rewrite', { block: section, action: 'tone', tone: 'persuasive' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.block).toMatchObject({ id: 'intro', type: 'rich_text' });
    expect(JSON.stringify(res.body.block)).toContain('Our approach');
    expect(JSON.stringify(res.body.block)).toContain('persuasive');
    expect(fake.requests[requests]!.body.stream).not.toBe(true);
    expect(fake.requests[requests]!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'section' },
    });
    expect(await used(alice)).toBe(before + 1);
  });

  it('gives a failed rewrite back and says why', async () => {
    const before = await used(alice);
    fake.next({ kind: 'status', status: 429 }, { kind: 'status', status: 429 });
    const res = await alice.post('/api/drafts/rewrite', { block: section, action: 'improve' });
    expect(res.status).toBe(503);
    expect(res.body.error.details).toEqual({ reason: 'rate_limited', fallback: 'builtin' });
    expect(await used(alice)).toBe(before);
  });

  it('refuses a rewrite of a non-text block, or a translation without a language', async () => {
    const pricing = await alice.post('/api/drafts/rewrite', {
      block: { id: 'p', type: 'page_break' },
      action: 'improve',
    });
    expect(pricing.status).toBe(400);
    const translate = await alice.post('/api/drafts/rewrite', { block: section, action: 'translate' });
    expect(translate.status).toBe(400);
    expect(translate.body.error.fields).toHaveProperty('language');
  });

  it('refuses past the plan’s monthly drafts, before calling the model', async () => {
    const carol = await signUp(server, { name: 'Carol' });
    // Signed up today like Alice, so the same usage period: the free plan's 10 drafts, all used.
    await server.deps.database.db.execute(
      sql`insert into usage_counters (user_id, metric, period_start, count)
          select ${carol.user.id}, 'briefDrafts', period_start, 10 from usage_counters
          where metric = 'briefDrafts' limit 1`,
    );
    const requests = fake.requests.length;
    const res = await carol.client.post('/api/drafts/stream', brief());
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('plan_limit');
    const rewrite = await carol.client.post('/api/drafts/rewrite', { block: section, action: 'improve' });
    expect(rewrite.status).toBe(402);
    expect(fake.requests.length).toBe(requests);
  });
});

describe('drafting without an AI model', () => {
  let server: TTestServer;
  let alice: Client;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    alice = (await signUp(server, { name: 'Alice' })).client;
  });
  afterAll(() => server?.close());

  it('says so, streams the built-in draft, and refuses rewrites with the reason', async () => {
    expect((await alice.get('/api/drafts/drafter')).body).toEqual({ ai: false });
    const res = await alice.post('/api/drafts/stream', brief());
    expect(res.status).toBe(200);
    const events = parseLines(res.text);
    expect(events[0]?.type).toBe('created');
    expect(events.at(-1)?.type).toBe('done');
    const rewrite = await alice.post('/api/drafts/rewrite', {
      block: { id: 'a', type: 'rich_text', content: { type: 'doc', content: [{ type: 'paragraph' }] } },
      action: 'improve',
    });
    expect(rewrite.status).toBe(503);
    expect(rewrite.body.error.details).toEqual({ reason: 'not_configured', fallback: 'builtin' });
  });
});
