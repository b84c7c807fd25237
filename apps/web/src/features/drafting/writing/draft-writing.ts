import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { TBlock } from '@draftwell/shared/document';
import type { TBrief } from '@draftwell/shared/drafting/brief';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { fetchProposal, saveProposal } from '@/lib/api/proposal';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { streamDraft, type TStreamOutcome } from '../api/stream-draft';
import type { TBriefFormValues } from '../utils/brief-form';

/**
 * A draft the AI model is writing, from the moment the server created it until it is whole.
 * It lives outside any screen: the brief dialog starts it and closes, the editor shows it
 * section by section, and leaving the editor does not stop it.
 *
 * - `writing`: blocks arrive; the editor shows them read-only.
 * - `saving`: the user pressed Stop; what arrived is being saved into the draft.
 * - `done`: the draft is whole (or kept as far as it got, `stopped`): an ordinary draft now.
 * - `discarded`: stopped before any section arrived; the server removed the empty draft.
 * - `failed`: the model failed midway; the server removed the draft, nothing half-made stays.
 */
export type TWritingState =
  | { status: 'writing' | 'saving'; blocks: TBlock[] }
  | { status: 'done'; blocks: TBlock[]; final: TProposal; stopped: boolean }
  | { status: 'discarded'; blocks: TBlock[] }
  | { status: 'failed'; blocks: TBlock[]; message: string; fallback: boolean };

export type TDraftWriting = TWritingState & {
  /** The draft as created: its id, number, title, client and the version the stream started from. */
  created: TProposal;
  brief: TBrief;
  /** The brief as the form had it, to open it again after a failure. */
  values: TBriefFormValues;
};

/** How a writing began: the draft exists, or it ended before the model wrote its heading. */
export type TWritingStart =
  { kind: 'created'; proposal: TProposal } | { kind: 'stopped' } | Extract<TStreamOutcome, { kind: 'failed' }>;

type TListener = () => void;

const writings = new Map<string, TDraftWriting>();
const listeners = new Map<string, Set<TListener>>();
const stops = new Map<string, () => void>();

function publish(id: string, next: TDraftWriting | undefined) {
  if (next) writings.set(id, next);
  else writings.delete(id);
  listeners.get(id)?.forEach((listener) => listener());
}

function update(id: string, state: TWritingState) {
  const current = writings.get(id);
  if (current) publish(id, { ...current, ...state } as TDraftWriting);
}

/** Anyone showing this draft: without one, a finished writing is announced by `onUnwatched`. */
const watched = (id: string) => (listeners.get(id)?.size ?? 0) > 0;

export function subscribeWriting(id: string, listener: TListener): () => void {
  let set = listeners.get(id);
  if (!set) {
    set = new Set();
    listeners.set(id, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(id);
  };
}

export function getWriting(id: string): TDraftWriting | undefined {
  return writings.get(id);
}

/** Stops the model; what arrived is kept. */
export function stopWriting(id: string): void {
  stops.get(id)?.();
}

/** The screen took over the finished (or failed) draft: forget it here. */
export function forgetWriting(id: string): void {
  stops.delete(id);
  publish(id, undefined);
}

/** The writing of draft `id`, kept up to date; undefined when none is under way here. */
export function useDraftWriting(id: string): TDraftWriting | undefined {
  const subscribe = useCallback((listener: TListener) => subscribeWriting(id, listener), [id]);
  const get = useCallback(() => getWriting(id), [id]);
  return useSyncExternalStore(subscribe, get, get);
}

export type TWritingDeps = {
  stream: typeof streamDraft;
  save: typeof saveProposal;
  fetch: typeof fetchProposal;
  /** After Stop: how often, and how many times, to look for the server's save of what it sent. */
  pollMs: number;
  polls: number;
};

const DEFAULT_DEPS: TWritingDeps = {
  stream: streamDraft,
  save: saveProposal,
  fetch: fetchProposal,
  pollMs: 150,
  polls: 30,
};

/**
 * Starts writing a draft from `brief`. Resolves once the draft exists (or the writing ended
 * before that); rejects when the server refuses the brief outright (a field, the plan's limit).
 * `signal` stops it before the draft exists; afterwards `stopWriting(id)` does. `onUnwatched`
 * hears of a draft that finished while no screen showed it.
 */
export function startDraftWriting(args: {
  brief: TBrief;
  values: TBriefFormValues;
  queryClient: QueryClient;
  signal: AbortSignal;
  onUnwatched?: (writing: TDraftWriting) => void;
  deps?: Partial<TWritingDeps>;
}): Promise<TWritingStart> {
  const { brief, values, queryClient, onUnwatched } = args;
  const deps = { ...DEFAULT_DEPS, ...args.deps };
  const controller = new AbortController();
  const abort = () => controller.abort();
  args.signal.addEventListener('abort', abort, { once: true });
  let created: TProposal | null = null;
  const blocks: TBlock[] = [];

  return new Promise<TWritingStart>((resolve, reject) => {
    const finish = (state: TWritingState) => {
      if (!created) return;
      const id = created.id;
      stops.delete(id);
      update(id, state);
      void invalidateProposalSummaries(queryClient);
      const writing = writings.get(id);
      if (!watched(id) && writing) {
        forgetWriting(id);
        onUnwatched?.(writing);
      }
    };

    /**
     * After Stop (or a broken connection). The server saves the blocks it sent into the draft
     * (or removes it if none) as soon as it sees the request end, so this reads that copy; if the
     * server has not settled it in a few seconds, this tab saves what it shows instead, naming
     * the created version so that only one of the two saves can apply.
     */
    const keep = async (draft: TProposal) => {
      if (blocks.length === 0) return finish({ status: 'discarded', blocks: [] });
      update(draft.id, { status: 'saving', blocks: [...blocks] });
      let final: TProposal | null = null;
      try {
        for (let poll = 0; poll < deps.polls && !final; poll++) {
          if (poll > 0) await new Promise((resolve) => setTimeout(resolve, deps.pollMs));
          const current = await deps.fetch(draft.id);
          if (current.version !== draft.version) final = current;
        }
        final ??= await deps
          .save(draft.id, { version: draft.version, document: { version: 1, blocks: [...blocks] } })
          .catch(() => deps.fetch(draft.id));
      } catch (err) {
        const gone = err instanceof ApiError && err.status === 404;
        const i18n = appI18n();
        return finish({
          status: 'failed',
          blocks: [],
          message: gone
            ? i18n._('The draft was deleted while it was being written.')
            : err instanceof Error
              ? i18n._('What arrived could not be saved: {reason}.', { reason: err.message })
              : i18n._('What arrived could not be saved: try again.'),
          fallback: true,
        });
      }
      queryClient.setQueryData(proposalKeys.detail(final.id), final);
      finish({ status: 'done', blocks: final.document.blocks, final, stopped: true });
    };

    const run = async () => {
      let outcome: TStreamOutcome;
      try {
        outcome = await deps.stream(
          brief,
          {
            onCreated: (proposal) => {
              // From here on only Stop ends it: the dialog that started it closes.
              args.signal.removeEventListener('abort', abort);
              created = proposal;
              queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
              void invalidateProposalSummaries(queryClient);
              stops.set(proposal.id, abort);
              publish(proposal.id, { status: 'writing', blocks: [], created: proposal, brief, values });
              resolve({ kind: 'created', proposal });
            },
            onBlock: (block) => {
              blocks.push(block);
              if (created) update(created.id, { status: 'writing', blocks: [...blocks] });
            },
          },
          controller.signal,
        );
      } catch (err) {
        const i18n = appI18n();
        reject(
          err instanceof Error
            ? err
            : new ApiError(0, i18n._('The draft could not be written. Try again.'), 'internal'),
        );
        return;
      } finally {
        args.signal.removeEventListener('abort', abort);
      }
      if (!created) {
        resolve(outcome.kind === 'failed' ? outcome : { kind: 'stopped' });
        return;
      }
      if (outcome.kind === 'done') {
        queryClient.setQueryData(proposalKeys.detail(outcome.proposal.id), outcome.proposal);
        finish({ status: 'done', blocks: outcome.proposal.document.blocks, final: outcome.proposal, stopped: false });
      } else if (outcome.kind === 'stopped' || outcome.error.code === 'network') {
        await keep(created);
      } else {
        queryClient.removeQueries({ queryKey: proposalKeys.detail(created.id) });
        finish({
          status: 'failed',
          blocks: [],
          message: outcome.error.message,
          fallback: outcome.details?.fallback === 'builtin',
        });
      }
    };
    void run();
  });
}
