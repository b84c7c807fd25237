import type { TBlock } from '@draftwell/shared/document';
import { parseDraftStreamEvent, type TAiFailureDetails } from '@draftwell/shared/drafting/ai';
import type { TBriefInput } from '@draftwell/shared/drafting/brief';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';

export type TStreamHandlers = {
  /** The draft exists (empty) and can be opened in the editor; blocks follow. */
  onCreated(proposal: TProposal): void;
  onBlock(block: TBlock): void;
};

export type TStreamOutcome =
  | { kind: 'done'; proposal: TProposal }
  | { kind: 'stopped' }
  | { kind: 'failed'; error: ApiError; details?: TAiFailureDetails };

/**
 * Drafts from a brief over `POST /api/drafts/stream` (NDJSON): each validated part is handed
 * over as it arrives. Refusals before the stream (a bad brief, the plan's limit) throw an
 * ApiError as any call does; failures during it, and a line that fails the schema, end it as
 * `failed` (the server removes the draft it created). Aborting `signal` ends it as `stopped`:
 * the server keeps what it sent.
 */
export async function streamDraft(
  brief: TBriefInput,
  handlers: TStreamHandlers,
  signal: AbortSignal,
): Promise<TStreamOutcome> {
  let response: Response;
  try {
    response = await api.drafts.stream.$post({ json: brief }, { init: { signal } });
  } catch (err) {
    if (signal.aborted) return { kind: 'stopped' };
    throw err;
  }
  if (!response.ok || !response.body) {
    await unwrap(response);
    const i18n = appI18n();
    throw new ApiError(response.status, i18n._('The draft could not be written. Try again.'), 'internal');
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const broken = () => {
    const i18n = appI18n();
    return {
      kind: 'failed' as const,
      error: new ApiError(0, i18n._('The connection broke while the draft was being written. Try again.'), 'network'),
      details: { reason: 'provider', fallback: 'builtin' } as TAiFailureDetails,
    };
  };
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return broken();
      buffer += value;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (line.trim() === '') continue;
        const event = parseDraftStreamEvent(line);
        if (!event) return broken();
        if (event.type === 'created') handlers.onCreated(event.proposal);
        else if (event.type === 'block') handlers.onBlock(event.block);
        else if (event.type === 'done') return { kind: 'done', proposal: event.proposal };
        else {
          const { code, message, details } = event.error;
          return {
            kind: 'failed',
            error: new ApiError(503, message, code, {}, undefined, undefined, details),
            details,
          };
        }
      }
    }
  } catch (err) {
    if (signal.aborted) return { kind: 'stopped' };
    if (err instanceof ApiError) throw err;
    return broken();
  } finally {
    reader.releaseLock();
  }
}
