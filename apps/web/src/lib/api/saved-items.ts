import type { TSavedItem, TSavedItemInput, TSavedItemPatch } from '@draftwell/shared/workspace/saved-items';
import { api, unwrap } from '@/lib/api-client';
import { ownedCollection } from '@/lib/owned-collection';

/** The user's price catalogue: a searchable list, create, edit with conflicts, delete with Undo. */
const savedItems = ownedCollection<TSavedItem, TSavedItemInput, TSavedItemPatch>('saved-items', {
  list: (query, signal) => unwrap(api['saved-items'].$get({ query }, { init: { signal } })),
  create: (input) => unwrap(api['saved-items'].$post({ json: input })),
  update: (id, patch) => unwrap(api['saved-items'][':id'].$patch({ param: { id }, json: patch })),
  remove: async (id) => {
    await unwrap(api['saved-items'][':id'].$delete({ param: { id } }));
  },
});

export const savedItemKeys = savedItems.keys;
export const hideSavedItemForDelete = savedItems.hideForDelete;
export const useSavedItemList = savedItems.useList;
export const useCreateSavedItem = savedItems.useCreate;
export const useUpdateSavedItem = savedItems.useUpdate;
