import type { TKeptDraftInput } from '@draftwell/shared/drafting/ai';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, unwrap } from '@/lib/api-client';

/** Saves what arrived of a streamed draft before Stop; the generation was counted already. */
export function keepDraft(kept: TKeptDraftInput): Promise<TProposal> {
  return unwrap<TProposal>(api.drafts.kept.$post({ json: kept }));
}
