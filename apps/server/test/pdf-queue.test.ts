import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPdfRenderer, type TPdfJobInfo, type TPoolClock } from '../src/pdf';
import {
  backends,
  nextIp,
  signUp,
  startTestServer,
  type Client,
  type TBackend,
  type TResult,
  type TTestServer,
} from './helpers';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';

/**
 * R15 (issue 24 item 14): one owner's heavy exports make neither their own clients nor another
 * owner wait a minute. The server's PDF renderer is the production one (two workers, one render
 * at a time per owner, four places in line for an owner's exports and four for their clients'
 * share-link PDFs, ten seconds' wait at most) with two test seams: a clock the test moves, and a
 * hook that holds a render on its worker until the test lets it go (an export as slow as the
 * test wants, without sleeping). Renders run in the real workers and answer real PDFs.
 */

/** Timers that fire only when the test moves the clock. */
function manualClock(): TPoolClock & { advance(ms: number): void } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => timers.delete(id as number),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !timers.has(id)) continue;
        timers.delete(id);
        timer.fn();
      }
    },
  };
}

const titleOf = (job: TPdfJobInfo) => job.input.snapshot.title;

describe.each(backends())('R15 the PDF queue: clients first, owners in turn (%s)', (backend: TBackend) => {
  const clock = manualClock();
  /** Titles of the renders as they joined the line, and as they took a worker. */
  const queued: string[] = [];
  const started: string[] = [];
  /** Renders the test holds on their worker, by title. */
  const holds = new Map<string, { promise: Promise<void>; release: () => void }>();
  /** Waits for the hooks to have seen something (checked at every hook call, never polled). */
  const waiters = new Set<() => boolean>();
  const seen = () => {
    for (const waiter of waiters) if (waiter()) waiters.delete(waiter);
  };
  const until = (condition: () => boolean) =>
    new Promise<void>((resolve) => {
      const waiter = () => (condition() ? (resolve(), true) : false);
      if (!waiter()) waiters.add(waiter);
    });
  const hold = (title: string) => {
    let release = () => undefined as void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    holds.set(title, { promise, release });
  };
  const release = (title: string) => {
    holds.get(title)!.release();
    holds.delete(title);
  };
  const count = (list: string[], title: string) => list.filter((t) => t === title).length;

  let server: TTestServer;
  let owner: Client;
  let other: Client;
  const mine = new Map<string, TProposal>();
  let othersSmall: TProposal;
  let clientToken: string;

  const sentProposal = async (client: Client, title: string) => {
    const draft = await readyDraft(client, { title });
    const res = await send(client, draft);
    expect(res.status, res.text).toBe(200);
    return res.body as TProposal;
  };
  const ownerExport = (client: Client, p: TProposal) => client.get(`/api/proposals/${p.id}/pdf`);
  const clientPdf = () => server.client({ ip: nextIp() }).get(`/api/share/${clientToken}/pdf`);
  const expectPdf = (res: TResult, what: string) => {
    expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(200);
    expect(res.headers.get('content-type'), what).toBe('application/pdf');
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1'), what).toBe('%PDF-');
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' },
      pdf: createPdfRenderer({
        clock,
        hooks: {
          queued: (job) => {
            queued.push(titleOf(job));
            seen();
          },
          started: (job) => {
            started.push(titleOf(job));
            seen();
            return holds.get(titleOf(job))?.promise;
          },
        },
      }),
    });
    const a = await signUp(server, { name: 'Hannah Heavy' });
    owner = a.client;
    await verifyEmail(server, a.user.id);
    const b = await signUp(server, { name: 'Oscar Other' });
    other = b.client;
    await verifyEmail(server, b.user.id);
    for (const title of ['Heavy 1', 'Heavy 2', 'Heavy 3', 'Heavy 4', 'Heavy 5', 'Heavy 6', 'For the client']) {
      mine.set(title, await sentProposal(owner, title));
    }
    othersSmall = await sentProposal(other, 'Small, another owner');
    const link = await owner.get(`/api/proposals/${mine.get('For the client')!.id}/share-link`);
    expect(link.status, link.text).toBe(200);
    clientToken = new URL(link.body.url as string).pathname.split('/').pop()!;
  });
  afterAll(() => server.close());
  // A test that failed half-way leaves no render held for the next.
  afterEach(() => {
    for (const title of [...holds.keys()]) release(title);
  });

  it('R15 serves a client’s share-link PDF before its owner’s waiting exports, and another owner’s at once; a full line is a 429 with Retry-After', async () => {
    const exportOf = (title: string) => ownerExport(owner, mine.get(title)!);
    // The owner's first heavy export takes a worker and keeps it, as long as the test says.
    hold('Heavy 1');
    const first = exportOf('Heavy 1');
    await until(() => started.includes('Heavy 1'));
    // Four more wait in the owner's line; a fifth does not fit, and is told when to come back:
    // when the running one must end, by its 20 s cap.
    const waiting = ['Heavy 2', 'Heavy 3', 'Heavy 4', 'Heavy 5'].map((title) => exportOf(title));
    await until(() => ['Heavy 2', 'Heavy 3', 'Heavy 4', 'Heavy 5'].every((t) => queued.includes(t)));
    const full = await exportOf('Heavy 6');
    expect(full.status, full.text).toBe(429);
    expect(full.headers.get('retry-after')).toBe('20');
    expect(full.body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Several of your PDFs are already being prepared. Try again in 20 seconds, when one of them is ready.',
    });

    // Their client's PDF has its own place in that owner's line, at its head (it is not refused
    // because the owner's own exports fill theirs).
    const forClient = clientPdf();
    const early = await Promise.race([until(() => queued.includes('For the client')).then(() => null), forClient]);
    expect(early?.text ?? null, 'the client’s PDF is in line').toBeNull();
    // Another owner's export does not wait for any of it: the other worker takes it now.
    expectPdf(await ownerExport(other, othersSmall), 'another owner’s export');
    expect(started).toEqual(['Heavy 1', 'Small, another owner']);

    // When the heavy export ends, the client's PDF is the owner's next, before their own exports.
    release('Heavy 1');
    expectPdf(await forClient, 'the client’s PDF');
    expectPdf(await first, 'Heavy 1');
    const rest = await Promise.all(waiting);
    rest.forEach((res, i) => expectPdf(res, `Heavy ${i + 2}`));
    expect(started).toEqual([
      'Heavy 1',
      'Small, another owner',
      'For the client',
      'Heavy 2',
      'Heavy 3',
      'Heavy 4',
      'Heavy 5',
    ]);
  });

  it('R15 answers a PDF that waited ten seconds for a worker with 429 and Retry-After, not a minute later', async () => {
    const [heavyBefore, clientBefore] = [count(started, 'Heavy 1'), count(queued, 'For the client')];
    hold('Heavy 1');
    const heavy = ownerExport(owner, mine.get('Heavy 1')!);
    await until(() => count(started, 'Heavy 1') > heavyBefore);
    const forClient = clientPdf();
    await until(() => count(queued, 'For the client') > clientBefore);
    clock.advance(10_000);
    release('Heavy 1');
    const refused = await forClient;
    expect(refused.status, refused.text).toBe(429);
    // The heavy render started 10 s ago: its 20 s cap ends it within 10 s.
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body.error.message).toBe(
      'This PDF could not be started within 10 seconds: the PDFs ahead of it are still being prepared. Try again in 10 seconds.',
    );
    expectPdf(await heavy, 'Heavy 1');
    // And asked again once the line has moved, it is made.
    expectPdf(await clientPdf(), 'the client’s PDF, asked again');
  });
});
