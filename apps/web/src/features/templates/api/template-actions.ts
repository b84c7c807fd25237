import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import type {
  TTemplate,
  TTemplateFromProposal,
  TTemplateInput,
  TTemplateList,
  TTemplatePatch,
} from '@draftwell/shared/workspace/templates';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';
import { api, isConflict, unwrap } from '@/lib/api-client';
import { templateKeys } from '@/lib/api/query-keys';

function refreshLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
}

export function createTemplate(input: TTemplateInput): Promise<TTemplate> {
  return unwrap(api.templates.$post({ json: input }));
}

/** A new template of the user's own; it is cached for its edit screen. */
export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      await refreshLists(queryClient);
    },
  });
}

export function updateTemplate({ id, patch }: { id: string; patch: TTemplatePatch }): Promise<TTemplate> {
  return unwrap(api.templates[':id'].$patch({ param: { id }, json: patch }));
}

/**
 * Changes a template against the version last seen; a stale one rejects with a conflict
 * (`isConflict<TTemplate>`) carrying the template as it is now.
 */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      await refreshLists(queryClient);
    },
    onError: async (error) => {
      if (isConflict<TTemplate>(error)) {
        queryClient.setQueryData(templateKeys.detail(error.current.id), error.current);
        await refreshLists(queryClient);
      }
    },
  });
}

export async function deleteTemplate(id: string): Promise<void> {
  await unwrap(api.templates[':id'].$delete({ param: { id } }));
}

/**
 * Takes a template out of every cached list at once (for Delete with Undo), and returns what
 * puts the lists back as they were.
 */
export function hideTemplateFromLists(queryClient: QueryClient, id: string): () => void {
  const snapshots = queryClient.getQueriesData<InfiniteData<TTemplateList>>({ queryKey: templateKeys.lists() });
  for (const [key, data] of snapshots) {
    if (!data) continue;
    queryClient.setQueryData<InfiniteData<TTemplateList>>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.filter((t) => t.id !== id) })),
    });
  }
  return () => {
    for (const [key, data] of snapshots) queryClient.setQueryData(key, data);
  };
}

export function duplicateTemplate(id: string): Promise<TTemplate> {
  return unwrap(api.templates[':id'].duplicate.$post({ param: { id } }));
}

/** An own copy of any template, starters included. */
export function useDuplicateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTemplate,
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      await refreshLists(queryClient);
    },
  });
}

export function createProposalFromTemplate(id: string): Promise<TProposal> {
  return unwrap(api.templates[':id'].use.$post({ param: { id } }));
}

/** Creates a draft proposal from a template; the draft is cached for the editor. */
export function useProposalFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposalFromTemplate,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      await invalidateProposalSummaries(queryClient);
    },
  });
}

export function saveProposalAsTemplate({
  proposalId,
  ...input
}: TTemplateFromProposal & { proposalId: string }): Promise<TTemplate> {
  return unwrap(api.templates['from-proposal'][':proposalId'].$post({ param: { proposalId }, json: input }));
}

/**
 * The editor's "Save as template": `mutate({ proposalId })`, optionally with a name (the
 * proposal's title otherwise), a description and a category. Resolves with the new template.
 */
export function useSaveAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProposalAsTemplate,
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      await refreshLists(queryClient);
    },
  });
}
