import { ZDocument, type TBlock } from '@draftwell/shared';
import { ZBrief } from '@draftwell/shared/drafting/brief';
import { ZSectionRewrite } from '@draftwell/shared/drafting/ai';
import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAiDrafter, rewriteSection } from './ai-drafter';
import { AiFailureError } from './ai-failure';
import { collectDraft, type TDraftInput, type TDraftPart } from './drafter';

const ITEM_ID = '0b6a3c52-8d3e-4f7a-9a57-000000000001';

const INPUT: TDraftInput = {
  brief: ZBrief.parse({
    client: { source: 'new', name: 'Alex Morgan', company: 'Harbour Bakery', email: 'alex@harbour.test' },
    need: 'A new brand and website for their bakery.',
    deliverables: ['Logo design', 'Launch photography'],
    budget: { amount: 500_000, currency: 'EUR' },
  }),
  profile: {
    displayName: 'Sam Rivera',
    company: 'Northwind Studio',
    defaultCurrency: 'USD',
    defaultTaxRate: 2000,
    defaultValidityDays: 30,
    locale: 'en-US',
  },
  savedItems: [
    {
      id: ITEM_ID,
      description: 'Logo design',
      unit: 'project',
      unitPrice: 120_000,
      currency: 'EUR',
      taxRate: 1000,
      billing: 'one_off',
    },
  ],
  client: { name: 'Alex Morgan', company: 'Harbour Bakery', email: 'alex@harbour.test' },
  language: 'en',
  today: '2027-03-01',
};

const ANSWER = {
  title: 'Brand and website for Harbour Bakery',
  sections: [
    { heading: 'Introduction', content: [{ kind: 'paragraph', text: 'Dear {{client.name}}, thank you.', items: [] }] },
    {
      heading: 'Deliverables',
      content: [{ kind: 'bullets', text: '', items: ['A logo', '  ', 'Photos of the launch'] }],
    },
    { heading: 'Next steps', content: [{ kind: 'paragraph', text: 'Sign below.', items: [] }] },
  ],
  milestones: [{ title: 'Design', description: 'Logo and brand', weeks: 2.4 }],
  pricing: [
    // The model's own price for a saved item is ignored: the user's price stands.
    { savedItemId: ITEM_ID, description: 'Logo design', quantity: 1, unit: 'x', unitPrice: 1, billing: 'monthly' },
    {
      savedItemId: null,
      description: 'Launch photography',
      quantity: 1.5,
      unit: 'day',
      unitPrice: 80_000.4,
      billing: 'one_off',
    },
    // An id that is not one of the user's items is a new line, to be reviewed.
    { savedItemId: 'made-up', description: 'Hosting', quantity: 12, unit: 'month', unitPrice: -5, billing: 'monthly' },
  ],
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** A model that streams `text` in pieces of `size` characters. */
function streamingModel(text: string, size = 7, options: { failAfter?: number; error?: unknown } = {}) {
  return new MockLanguageModelV3({
    doStream: async () => {
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
      const cut = options.failAfter ?? pieces.length;
      return {
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't' });
            for (const delta of pieces.slice(0, cut)) controller.enqueue({ type: 'text-delta', id: 't', delta });
            if (options.error !== undefined) {
              controller.enqueue({ type: 'error', error: options.error });
            } else {
              controller.enqueue({ type: 'text-end', id: 't' });
              controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
            }
            controller.close();
          },
        }),
      };
    },
  });
}

async function parts(model: MockLanguageModelV3, input = INPUT): Promise<TDraftPart[]> {
  const out: TDraftPart[] = [];
  for await (const part of createAiDrafter({ model, timeoutMs: 5_000, maxRetries: 0 }).draft(input)) out.push(part);
  return out;
}

async function failure(run: () => Promise<unknown>): Promise<AiFailureError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AiFailureError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('the AI drafter', () => {
  it('yields the heading, then each section as soon as the next begins, then timeline, prices and signature', async () => {
    const model = streamingModel(JSON.stringify(ANSWER));
    const result = await parts(model);
    expect(result[0]).toEqual({
      kind: 'heading',
      title: 'Brand and website for Harbour Bakery',
      currency: 'EUR',
      validUntil: '2027-03-31',
    });
    const ids = result.slice(1).map((p) => (p.kind === 'block' ? `${p.block.id}:${p.block.type}` : 'heading'));
    expect(ids).toEqual([
      'ai-section-1:rich_text',
      'ai-section-2:rich_text',
      'ai-section-3:rich_text',
      'ai-timeline:timeline',
      'ai-pricing:pricing_table',
      'ai-signature:signature',
    ]);
    // The model was given the schema as structured output, and the brief as data.
    const call = model.doStreamCalls[0]!;
    expect(call.responseFormat).toMatchObject({ type: 'json', name: 'proposal' });
    expect(JSON.stringify(call.prompt)).toContain('A new brand and website for their bakery.');
    expect(JSON.stringify(call.prompt)).not.toContain('alex@harbour.test');
    expect(JSON.stringify(call.prompt)).toContain('in English, whatever language the brief is written in');
  });

  it.each([
    ['de', 'German (Deutsch)', 'Investition', 'Für Harbour Bakery'],
    ['ja', 'Japanese (日本語)', 'お見積り', 'Harbour Bakery'],
    // A language beyond the app's six: the model writes it; the few fixed words stay English.
    ['ko', 'Korean (한국어)', 'Investment', 'For Harbour Bakery'],
  ] as const)(
    'asks the model for the proposal’s language by name (%s), and writes its own words in it where it can',
    async (language, name, pricingTitle, clientRole) => {
      const model = streamingModel(JSON.stringify(ANSWER));
      const result = await parts(model, { ...INPUT, language });
      const system = JSON.stringify(model.doStreamCalls[0]!.prompt);
      expect(system).toContain(`in ${name}, whatever language the brief is written in`);
      expect(system).not.toContain('the language the brief is written in,');
      const blocks = result.flatMap((p) => (p.kind === 'block' ? [p.block] : []));
      expect(blocks.find((b) => b.type === 'pricing_table')).toMatchObject({ title: pricingTitle });
      expect(blocks.find((b) => b.type === 'signature')).toMatchObject({ client: { role: clientRole } });
    },
  );

  it('yields a section while the model is still writing the rest', async () => {
    const text = JSON.stringify(ANSWER);
    const cut = text.indexOf('"Next steps"');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: new ReadableStream({
          async start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: text.slice(0, cut) });
            await held;
            controller.enqueue({ type: 'text-delta', id: 't', delta: text.slice(cut) });
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
            controller.close();
          },
        }),
      }),
    });
    const parts = createAiDrafter({ model, timeoutMs: 5_000, maxRetries: 0 }).draft(INPUT)[Symbol.asyncIterator]();
    expect((await parts.next()).value).toMatchObject({ kind: 'heading' });
    expect((await parts.next()).value).toMatchObject({ kind: 'block', block: { id: 'ai-section-1' } });
    // The second section is complete too: the third has begun. The model has not finished.
    expect((await parts.next()).value).toMatchObject({ kind: 'block', block: { id: 'ai-section-2' } });
    release();
    expect((await parts.next()).value).toMatchObject({ kind: 'block', block: { id: 'ai-section-3' } });
  });

  it('repairs what it can: variables, empty bullets, rounded weeks; saved items keep the user’s price', async () => {
    const draft = await collectDraft(
      createAiDrafter({ model: streamingModel(JSON.stringify(ANSWER)), timeoutMs: 5_000, maxRetries: 0 }),
      INPUT,
    );
    expect(ZDocument.safeParse(draft.document).success).toBe(true);
    const [intro, deliverables] = draft.document.blocks as Extract<TBlock, { type: 'rich_text' }>[];
    expect(intro!.content.content[0]).toEqual({
      type: 'heading',
      attrs: { level: 1 },
      content: [{ type: 'text', text: 'Introduction' }],
    });
    expect(intro!.content.content[1]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Dear ' },
        { type: 'variable', attrs: { name: 'client.name' } },
        { type: 'text', text: ', thank you.' },
      ],
    });
    const list = deliverables!.content.content[1] as { content: unknown[] };
    expect(list.content).toHaveLength(2);
    const timeline = draft.document.blocks.find((b) => b.type === 'timeline');
    expect(timeline).toMatchObject({
      milestones: [{ title: 'Design', when: { kind: 'duration', value: 2, unit: 'weeks' } }],
    });
    const pricing = draft.document.blocks.find((b) => b.type === 'pricing_table');
    if (pricing?.type !== 'pricing_table') throw new Error('no pricing table');
    expect(
      pricing.lines.map((l) => [
        l.description,
        l.unitPrice,
        l.quantity,
        l.billing,
        l.taxPercent,
        l.savedItemId,
        l.needsReview,
      ]),
    ).toEqual([
      ['Logo design', 120_000, 1000, 'one_off', 1000, ITEM_ID, undefined],
      ['Launch photography', 80_000, 1500, 'one_off', 2000, undefined, true],
      ['Hosting', 0, 12_000, 'monthly', 2000, undefined, true],
    ]);
  });

  it('refuses an answer that is not the schema, after streaming nothing half-formed', async () => {
    const bad = JSON.stringify({ title: 'x', sections: [{ heading: 'A', content: 'not a list' }], milestones: [] });
    const seen: TDraftPart[] = [];
    const err = await failure(async () => {
      for await (const p of createAiDrafter({ model: streamingModel(bad), timeoutMs: 5_000, maxRetries: 0 }).draft(
        INPUT,
      )) {
        seen.push(p);
      }
    });
    expect(err.reason).toBe('malformed');
    expect(err.status).toBe(503);
    expect(seen.filter((p) => p.kind === 'block')).toEqual([]);
  });

  it('refuses an answer cut midway, keeping only sections that were complete', async () => {
    const text = JSON.stringify(ANSWER);
    const seen: TDraftPart[] = [];
    const err = await failure(async () => {
      const drafter = createAiDrafter({
        model: streamingModel(text, 7, {
          failAfter: Math.floor(text.length / 7 / 2),
          error: new Error('socket hang up'),
        }),
        timeoutMs: 5_000,
        maxRetries: 0,
      });
      for await (const p of drafter.draft(INPUT)) seen.push(p);
    });
    expect(err.reason).toBe('provider');
    for (const p of seen) if (p.kind === 'block') expect(p.block.id).toMatch(/^ai-section-/);
  });

  it('names a provider’s 401 and 429', async () => {
    const apiError = (statusCode: number) =>
      new APICallError({ message: 'no', url: 'http://x/v1', requestBodyValues: {}, statusCode, isRetryable: false });
    const model = (statusCode: number) =>
      new MockLanguageModelV3({
        doStream: async () => {
          throw apiError(statusCode);
        },
      });
    expect((await failure(() => parts(model(401)))).reason).toBe('auth');
    expect((await failure(() => parts(model(429)))).reason).toBe('rate_limited');
    expect((await failure(() => parts(model(500)))).reason).toBe('provider');
  });

  it('gives up on a model that stays silent past the timeout', async () => {
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) =>
        new Promise((_resolve, reject) => {
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason as Error));
        }),
    });
    const drafter = createAiDrafter({ model, timeoutMs: 100, maxRetries: 0 });
    const err = await failure(async () => {
      for await (const _ of drafter.draft(INPUT)) void _;
    });
    expect(err.reason).toBe('timeout');
  });
});

describe('rewriting a section', () => {
  const block: TBlock = {
    id: 'approach',
    type: 'rich_text',
    content: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Our approach' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'We start with ' },
            { type: 'variable', attrs: { name: 'client.company' } },
          ],
        },
      ],
    },
  };
  const generating = (text: string) =>
    new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
    });

  it('returns the section rewritten, same id and heading level, from a non-streamed answer', async () => {
    const model = generating(
      JSON.stringify({
        heading: 'Notre approche',
        content: [{ kind: 'paragraph', text: 'Nous commençons avec {{client.company}}.', items: [] }],
      }),
    );
    const request = ZSectionRewrite.parse({ block, action: 'translate', language: 'French' });
    const out = await rewriteSection({ model, timeoutMs: 5_000, maxRetries: 0, request });
    expect(out).toEqual({
      id: 'approach',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Notre approche' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Nous commençons avec ' },
              { type: 'variable', attrs: { name: 'client.company' } },
              { type: 'text', text: '.' },
            ],
          },
        ],
      },
    });
    const sent = JSON.stringify(model.doGenerateCalls[0]!.prompt);
    expect(sent).toContain('Translate this section into French');
    expect(sent).toContain('{{client.company}}');
  });

  it('refuses an empty or invalid rewrite', async () => {
    const request = ZSectionRewrite.parse({ block, action: 'shorten' });
    const empty = generating(JSON.stringify({ heading: ' ', content: [] }));
    expect(
      (await failure(() => rewriteSection({ model: empty, timeoutMs: 5_000, maxRetries: 0, request }))).reason,
    ).toBe('malformed');
    const invalid = generating('{"heading": 3}');
    expect(
      (await failure(() => rewriteSection({ model: invalid, timeoutMs: 5_000, maxRetries: 0, request }))).reason,
    ).toBe('malformed');
  });
});
