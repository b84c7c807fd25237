import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TSavedSection,
  TSavedSectionInput,
  TSavedSectionPatch,
  TSavedSectionSummary,
} from '@draftwell/shared/workspace/saved-sections';
import { api, unwrap } from '@/lib/api-client';
import { ownedCollection } from '@/lib/owned-collection';

/**
 * The user's library of saved sections: the Library lists, edits and deletes them; the editor
 * saves a selection as one and inserts one. A list holds summaries; a section's content is read
 * on its own (`useSavedSection`, `fetchSavedSection`).
 */
const savedSections = ownedCollection<TSavedSectionSummary, TSavedSectionInput, TSavedSectionPatch>('saved-sections', {
  list: (query, signal) => unwrap(api['saved-sections'].$get({ query }, { init: { signal } })),
  create: (input) => unwrap(api['saved-sections'].$post({ json: input })),
  update: (id, patch) => unwrap(api['saved-sections'][':id'].$patch({ param: { id }, json: patch })),
  remove: async (id) => {
    await unwrap(api['saved-sections'][':id'].$delete({ param: { id } }));
  },
});

export const savedSectionKeys = {
  ...savedSections.keys,
  categories: () => [...savedSections.keys.all, 'categories'] as const,
};
export const hideSavedSectionForDelete = savedSections.hideForDelete;
export const useSavedSectionList = savedSections.useList;

export function fetchSavedSection(id: string, signal?: AbortSignal): Promise<TSavedSection> {
  return unwrap(api['saved-sections'][':id'].$get({ param: { id } }, { init: { signal } }));
}

export const savedSectionQueryOptions = (id: string) =>
  queryOptions({ queryKey: savedSectionKeys.detail(id), queryFn: ({ signal }) => fetchSavedSection(id, signal) });

/** One section with its content. */
export function useSavedSection(id: string) {
  return useQuery(savedSectionQueryOptions(id));
}

export function updateSavedSection({ id, patch }: { id: string; patch: TSavedSectionPatch }): Promise<TSavedSection> {
  return unwrap(api['saved-sections'][':id'].$patch({ param: { id }, json: patch }));
}

/** The categories the user files sections under, asked afresh each time a form needs them. */
export function useSavedSectionCategories(enabled = true) {
  return useQuery({
    queryKey: savedSectionKeys.categories(),
    queryFn: ({ signal }) => unwrap(api['saved-sections'].categories.$get({}, { init: { signal } })),
    staleTime: 0,
    enabled,
  });
}

/** Saves a new section; the lists and the categories are refreshed. */
export function useCreateSavedSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSavedSectionInput) => unwrap(api['saved-sections'].$post({ json: input })),
    onSuccess: async (section) => {
      queryClient.setQueryData(savedSectionKeys.detail(section.id), section);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savedSectionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: savedSectionKeys.categories() }),
      ]);
    },
  });
}

/** Copies the example sections the library lacks (none twice); answers how many were added. */
export function useAddExampleSections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api['saved-sections'].examples.$post()),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: savedSectionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: savedSectionKeys.categories() }),
      ]);
    },
  });
}
