import type { TClient, TClientInput, TClientPatch } from '@draftwell/shared/workspace/clients';
import { api, unwrap } from '@/lib/api-client';
import { ownedCollection } from '@/lib/owned-collection';

/** The user's saved clients: a searchable list, create, edit with conflicts, delete with Undo. */
const clients = ownedCollection<TClient, TClientInput, TClientPatch>('clients', {
  list: (query, signal) => unwrap(api.clients.$get({ query }, { init: { signal } })),
  create: (input) => unwrap(api.clients.$post({ json: input })),
  update: (id, patch) => unwrap(api.clients[':id'].$patch({ param: { id }, json: patch })),
  remove: async (id) => {
    await unwrap(api.clients[':id'].$delete({ param: { id } }));
  },
});

export const hideClientForDelete = clients.hideForDelete;
export const useClientList = clients.useList;
export const useCreateClient = clients.useCreate;
export const useUpdateClient = clients.useUpdate;
