import { QueryClient } from '@tanstack/react-query';
import type { TBlock } from '@draftwell/shared/document';
import type { TBrief } from '@draftwell/shared/drafting/brief';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { describe, expect, it, vi } from 'vitest';
import { proposalKeys } from '@/lib/api/query-keys';
import { ApiError } from '@/lib/api-client';
import type { TStreamHandlers, TStreamOutcome } from '../api/stream-draft';
import { emptyBriefForm } from '../utils/brief-form';
import {
  forgetWriting,
  getWriting,
  startDraftWriting,
  stopWriting,
  subscribeWriting,
  type TDraftWriting,
  type TWritingDeps,
} from './draft-writing';

const brief = { need: 'A new brand' } as unknown as TBrief;
const values = emptyBriefForm('USD');

let ids = 0;
const proposal = (patch: Partial<TProposal> = {}): TProposal =>
  ({
    id: `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    version: 1,
    title: 'Proposal for Harbour Bakery',
    number: 'P-2026-0001',
    document: { version: 1, blocks: [] },
    ...patch,
  }) as TProposal;

const section = (id: string): TBlock => ({
  id,
  type: 'rich_text',
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: id }] }] },
});

/**
 * A stream the test drives: `created`, `block` and `end` play the server's events; aborting the
 * signal ends it as `stopped`, as the real one does.
 */
function scriptedStream() {
  let handlers: TStreamHandlers | null = null;
  let settle: ((outcome: TStreamOutcome) => void) | null = null;
  const stream: TWritingDeps['stream'] = (_brief, h, signal) =>
    new Promise<TStreamOutcome>((resolve) => {
      handlers = h;
      settle = resolve;
      signal.addEventListener('abort', () => resolve({ kind: 'stopped' }));
    });
  return {
    stream,
    created: (p: TProposal) => handlers!.onCreated(p),
    block: (b: TBlock) => handlers!.onBlock(b),
    end: (outcome: TStreamOutcome) => settle!(outcome),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(deps: Partial<TWritingDeps>, onUnwatched?: (w: TDraftWriting) => void) {
  const queryClient = new QueryClient();
  const controller = new AbortController();
  const started = startDraftWriting({
    brief,
    values,
    queryClient,
    signal: controller.signal,
    deps: { save: vi.fn(), fetch: vi.fn(), ...deps },
    ...(onUnwatched ? { onUnwatched } : {}),
  });
  return { queryClient, controller, started };
}

describe('a draft being written', () => {
  it('opens once created, fills in block by block, and hands over the whole draft', async () => {
    const s = scriptedStream();
    const { queryClient, controller, started } = start({ stream: s.stream });
    const draft = proposal();
    s.created(draft);
    await expect(started).resolves.toEqual({ kind: 'created', proposal: draft });
    const seen: string[] = [];
    const unsubscribe = subscribeWriting(draft.id, () => seen.push(getWriting(draft.id)!.status));
    // Closing the dialog that started it no longer stops it.
    controller.abort();
    s.block(section('a'));
    s.block(section('b'));
    expect(getWriting(draft.id)).toMatchObject({ status: 'writing', blocks: [section('a'), section('b')] });
    const whole = proposal({
      id: draft.id,
      version: 2,
      document: { version: 1, blocks: [section('a'), section('b')] },
    });
    s.end({ kind: 'done', proposal: whole });
    await flush();
    expect(getWriting(draft.id)).toMatchObject({ status: 'done', final: whole, stopped: false });
    expect(queryClient.getQueryData(proposalKeys.detail(draft.id))).toEqual(whole);
    expect(seen).toEqual(['writing', 'writing', 'done']);
    unsubscribe();
    forgetWriting(draft.id);
    expect(getWriting(draft.id)).toBeUndefined();
  });

  it('Stop reads the draft the server saved from what it sent; this tab saves nothing', async () => {
    const s = scriptedStream();
    const draft = proposal({ version: 1 });
    const kept = proposal({ id: draft.id, version: 2, document: { version: 1, blocks: [section('a'), section('b')] } });
    // The server notices the aborted request a moment later: the first read still has version 1.
    const fetch = vi.fn<TWritingDeps['fetch']>().mockResolvedValueOnce(draft).mockResolvedValue(kept);
    const save = vi.fn<TWritingDeps['save']>();
    const { queryClient, started } = start({ stream: s.stream, fetch, save, pollMs: 0 });
    s.created(draft);
    await started;
    const unsubscribe = subscribeWriting(draft.id, () => undefined);
    s.block(section('a'));
    stopWriting(draft.id);
    await vi.waitFor(() => expect(getWriting(draft.id)?.status).toBe('done'));
    expect(getWriting(draft.id)).toMatchObject({ final: kept, stopped: true, blocks: kept.document.blocks });
    expect(queryClient.getQueryData(proposalKeys.detail(draft.id))).toEqual(kept);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(save).not.toHaveBeenCalled();
    unsubscribe();
    forgetWriting(draft.id);
  });

  it('after Stop, when the server never saves it, this tab saves what it shows at the created version', async () => {
    const s = scriptedStream();
    const draft = proposal({ version: 1 });
    const fetch = vi.fn<TWritingDeps['fetch']>().mockResolvedValue(draft);
    const save = vi.fn<TWritingDeps['save']>(async (id, patch) =>
      proposal({ id, version: 2, document: patch.document! }),
    );
    const { started } = start({ stream: s.stream, fetch, save, pollMs: 0, polls: 3 });
    s.created(draft);
    await started;
    const unsubscribe = subscribeWriting(draft.id, () => undefined);
    s.block(section('a'));
    stopWriting(draft.id);
    await vi.waitFor(() => expect(getWriting(draft.id)?.status).toBe('done'));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenCalledWith(draft.id, { version: 1, document: { version: 1, blocks: [section('a')] } });
    expect(getWriting(draft.id)).toMatchObject({ stopped: true, blocks: [section('a')] });
    unsubscribe();
    forgetWriting(draft.id);
  });

  it('after Stop, a draft deleted meanwhile is said to be gone', async () => {
    const s = scriptedStream();
    const fetch = vi.fn<TWritingDeps['fetch']>().mockRejectedValue(new ApiError(404, 'not found', 'not_found'));
    const { started } = start({ stream: s.stream, fetch, pollMs: 0 });
    const draft = proposal();
    s.created(draft);
    await started;
    const unsubscribe = subscribeWriting(draft.id, () => undefined);
    s.block(section('a'));
    stopWriting(draft.id);
    await vi.waitFor(() => expect(getWriting(draft.id)?.status).toBe('failed'));
    expect(getWriting(draft.id)).toMatchObject({ message: 'The draft was deleted while it was being written.' });
    unsubscribe();
    forgetWriting(draft.id);
  });

  it('Stop before any section: discarded, nothing saved', async () => {
    const s = scriptedStream();
    const save = vi.fn();
    const { started } = start({ stream: s.stream, save });
    const draft = proposal();
    s.created(draft);
    await started;
    const unsubscribe = subscribeWriting(draft.id, () => undefined);
    stopWriting(draft.id);
    await flush();
    expect(getWriting(draft.id)?.status).toBe('discarded');
    expect(save).not.toHaveBeenCalled();
    unsubscribe();
    forgetWriting(draft.id);
  });

  it('a failure midway drops what arrived and keeps the brief to try again', async () => {
    const s = scriptedStream();
    const { queryClient, started } = start({ stream: s.stream });
    const draft = proposal();
    s.created(draft);
    await started;
    const unsubscribe = subscribeWriting(draft.id, () => undefined);
    s.block(section('a'));
    s.end({
      kind: 'failed',
      error: new ApiError(503, 'The AI service failed to answer, so nothing was saved.', 'unavailable'),
      details: { reason: 'provider', fallback: 'builtin' },
    });
    await flush();
    expect(getWriting(draft.id)).toMatchObject({
      status: 'failed',
      blocks: [],
      fallback: true,
      values,
      brief,
      message: 'The AI service failed to answer, so nothing was saved.',
    });
    expect(queryClient.getQueryData(proposalKeys.detail(draft.id))).toBeUndefined();
    unsubscribe();
    forgetWriting(draft.id);
  });

  it('ends before the draft exists when stopped or failed early, and rejects a refusal', async () => {
    const early = scriptedStream();
    const { controller, started } = start({ stream: early.stream });
    controller.abort();
    await expect(started).resolves.toEqual({ kind: 'stopped' });

    const refused = start({
      stream: () => Promise.reject(new ApiError(402, 'Your plan’s drafts are used up', 'plan_limit')),
    });
    await expect(refused.started).rejects.toMatchObject({ status: 402 });
  });

  it('a draft finished while no screen showed it is announced and forgotten', async () => {
    const s = scriptedStream();
    const announced = vi.fn();
    const { started } = start({ stream: s.stream }, announced);
    const draft = proposal();
    s.created(draft);
    await started;
    s.end({ kind: 'done', proposal: proposal({ id: draft.id, version: 2 }) });
    await flush();
    expect(announced).toHaveBeenCalledWith(expect.objectContaining({ status: 'done', stopped: false }));
    expect(getWriting(draft.id)).toBeUndefined();
  });
});
