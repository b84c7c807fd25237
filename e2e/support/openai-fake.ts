/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol, for the API and browser
 * tests of AI drafting: streamed answers as SSE chunks, whole answers as JSON, and the ways a
 * real provider fails (401, 429, 5xx, a stream cut midway, an answer too slow to wait for).
 *
 * By default it answers as a model would (`auto`): a streamed request gets a proposal built from
 * the brief in the prompt, a whole one gets the section it was sent, rewritten. A test can queue
 * other behaviours with `next()`; each queued one serves one request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeBehaviour =
  | { kind: 'auto'; chunkDelayMs?: number }
  /** `text` as the answer: streamed in chunks when the request asks for a stream, else whole. */
  | { kind: 'answer'; text: string; chunkSize?: number; chunkDelayMs?: number }
  /** An error status with OpenAI's error body. */
  | { kind: 'status'; status: number; message?: string }
  /** Streams the first `after` characters of `text`, then destroys the socket. */
  | { kind: 'cut'; text: string; after: number }
  /** Sends headers, then nothing until the client gives up. */
  | { kind: 'hang' };

export type TFakeRequest = { path: string; authorization: string | undefined; body: TChatBody };

type TChatBody = {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name?: string } };
};

export type TFakeOpenAi = {
  url: string;
  port: number;
  requests: TFakeRequest[];
  next(...behaviours: TFakeBehaviour[]): void;
  close(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function completionId(): string {
  return `chatcmpl-${Math.random().toString(36).slice(2, 10)}`;
}

/** The brief the app put in the user message (after its first line), or null. */
function briefOf(body: TChatBody): Record<string, unknown> | null {
  const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
  const json = user.slice(user.indexOf('\n') + 1);
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A plausible proposal for the brief: the first saved item priced as the user prices it, one new line. */
export function proposalFor(body: TChatBody): string {
  const brief = briefOf(body) ?? {};
  const client = (brief.client ?? {}) as { name?: string; company?: string };
  const deliverables = Array.isArray(brief.deliverables) ? (brief.deliverables as string[]) : ['The work'];
  const items = Array.isArray(brief.savedItems)
    ? (brief.savedItems as { id: string; description: string; unit: string; unitPrice: number; billing: string }[])
    : [];
  const who = client.company || client.name || 'you';
  const saved = items[0];
  return JSON.stringify({
    title: `Proposal for ${who}`,
    sections: [
      {
        heading: `A proposal for ${who}`,
        content: [{ kind: 'paragraph', text: 'Dear {{client.name}}, thank you for the brief.', items: [] }],
      },
      { heading: 'What you need', content: [{ kind: 'paragraph', text: String(brief.need ?? ''), items: [] }] },
      { heading: 'What you will receive', content: [{ kind: 'bullets', text: '', items: deliverables }] },
      {
        heading: 'Next steps',
        content: [{ kind: 'paragraph', text: 'Accept this proposal and we start next week.', items: [] }],
      },
    ],
    milestones: deliverables.map((d) => ({ title: d, description: `Deliver ${d}`, weeks: 2 })),
    pricing: [
      ...(saved
        ? [
            {
              savedItemId: saved.id,
              description: saved.description,
              quantity: 1,
              unit: saved.unit,
              unitPrice: saved.unitPrice,
              billing: saved.billing,
            },
          ]
        : []),
      {
        savedItemId: null,
        description: 'Project management',
        quantity: 1,
        unit: 'project',
        unitPrice: 45_000,
        billing: 'one_off',
      },
    ],
  });
}

/** The section the app sent, rewritten in a way a test can see: the heading kept, the text replaced. */
export function rewriteFor(body: TChatBody): string {
  const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
  const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
  let heading = 'Section';
  try {
    heading = (JSON.parse(user.slice(user.indexOf('\n') + 1)) as { heading?: string }).heading || heading;
  } catch {
    // A section the fake cannot read still gets an answer; the test will see the default heading.
  }
  const instruction = system.split('\n')[1] ?? '';
  return JSON.stringify({
    heading,
    content: [{ kind: 'paragraph', text: `Rewritten by the model: ${instruction}`, items: [] }],
  });
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null) {
  return `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

async function streamText(
  res: ServerResponse,
  body: TChatBody,
  text: string,
  size: number,
  delayMs: number,
  cutAfter?: number,
  hold?: { at: number; until: Promise<void> },
) {
  const id = completionId();
  const model = body.model ?? 'fake';
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(chunk(id, model, { role: 'assistant', content: '' }, null));
  const end = cutAfter ?? text.length;
  for (let i = 0; i < end; i += size) {
    if (hold && i >= hold.at) {
      await hold.until;
      hold = undefined;
    }
    if (delayMs > 0) await sleep(delayMs);
    if (res.destroyed) return;
    res.write(chunk(id, model, { content: text.slice(i, Math.min(i + size, end)) }, null));
  }
  if (cutAfter !== undefined) {
    // Let the client read what was sent first: the cut must come mid-answer, not mid-handshake.
    await sleep(50);
    res.socket?.destroy();
    return;
  }
  res.write(chunk(id, model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}

function answerWhole(res: ServerResponse, body: TChatBody, text: string) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: completionId(),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'fake',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    }),
  );
}

async function readBody(req: IncomingMessage): Promise<TChatBody> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8')) as TChatBody;
  } catch {
    return {};
  }
}

export async function startFakeOpenAi(
  options: { port?: number; host?: string; apiKey?: string; chunkDelayMs?: number } = {},
): Promise<TFakeOpenAi> {
  const queue: TFakeBehaviour[] = [];
  const requests: TFakeRequest[] = [];
  // Drafts held midway ("[hold]" in the brief's need) until the test says POST /release.
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/healthz') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      if (req.method === 'POST' && req.url === '/release') {
        release();
        released = new Promise<void>((resolve) => (release = resolve));
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = await readBody(req);
      requests.push({ path: req.url, authorization: req.headers.authorization, body });
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
          }),
        );
        return;
      }
      const behaviour = queue.shift() ?? { kind: 'auto' };
      switch (behaviour.kind) {
        case 'auto': {
          if (String(briefOf(body)?.need ?? '').includes('[fail:429]')) {
            res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
            res.end(
              JSON.stringify({
                error: { message: 'Rate limit reached.', type: 'requests', code: 'rate_limit_exceeded' },
              }),
            );
            return;
          }
          const text = body.stream ? proposalFor(body) : rewriteFor(body);
          // "[hold]": the draft stops before its "Next steps" section until POST /release, so a test
          // can look at (or stop) a draft being written without racing the stream's pace.
          const hold = String(briefOf(body)?.need ?? '').includes('[hold]')
            ? { at: text.indexOf('Next steps'), until: released }
            : undefined;
          if (body.stream && String(briefOf(body)?.need ?? '').includes('[fail:cut]')) {
            // Cut after most of the sections, before the pricing: the draft fails midway.
            const delay = behaviour.chunkDelayMs ?? options.chunkDelayMs ?? 0;
            await streamText(res, body, text, 24, delay, text.indexOf('"milestones"'), hold);
            return;
          }
          if (body.stream) {
            await streamText(res, body, text, 24, behaviour.chunkDelayMs ?? options.chunkDelayMs ?? 0, undefined, hold);
          } else answerWhole(res, body, text);
          return;
        }
        case 'answer':
          if (body.stream)
            await streamText(res, body, behaviour.text, behaviour.chunkSize ?? 16, behaviour.chunkDelayMs ?? 0);
          else answerWhole(res, body, behaviour.text);
          return;
        case 'status':
          // A short retry-after-ms keeps the SDK's one retry quick, as a real provider's header would.
          res.writeHead(behaviour.status, { 'content-type': 'application/json', 'retry-after-ms': '10' });
          res.end(
            JSON.stringify({ error: { message: behaviour.message ?? `status ${behaviour.status}`, type: 'error' } }),
          );
          return;
        case 'cut':
          await streamText(res, body, behaviour.text, 16, 2, behaviour.after);
          return;
        case 'hang':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.flushHeaders();
          return;
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    next: (...behaviours) => queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
