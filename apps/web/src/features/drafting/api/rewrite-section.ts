import type { TBlock } from '@draftwell/shared/document';
import type { TSectionRewriteInput } from '@draftwell/shared/drafting/ai';
import { api, unwrap } from '@/lib/api-client';

/** One text section rewritten by the AI model (counted as a generation), for the editor to offer as a suggestion. */
export async function rewriteSection(request: TSectionRewriteInput, signal?: AbortSignal): Promise<TBlock> {
  const { block } = await unwrap(
    api.drafts.rewrite.$post({ json: request }, signal ? { init: { signal } } : undefined),
  );
  return block;
}
