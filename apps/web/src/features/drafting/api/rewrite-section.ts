import { useMutation } from '@tanstack/react-query';
import type { TBlock } from '@draftwell/shared/document';
import type { TSectionRewriteInput } from '@draftwell/shared/drafting/ai';
import { api, unwrap } from '@/lib/api-client';

export function rewriteSection(request: TSectionRewriteInput): Promise<{ block: TBlock }> {
  return unwrap<{ block: TBlock }>(api.drafts.rewrite.$post({ json: request }));
}

/** One section rewritten by the AI model, for the editor to offer as a suggestion. */
export function useRewriteSection() {
  return useMutation({ mutationFn: rewriteSection });
}
